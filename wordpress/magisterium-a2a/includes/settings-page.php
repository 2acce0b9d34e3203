<?php
/**
 * Settings → Magisterium: the page where an administrator sets the token
 * (never shown back: only whether one is set and its last four characters),
 * the parish's time zone, the budget and the rest, through the Settings API
 * (options.php checks the nonce and `manage_options` when the form is saved).
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/** The settings page's slug. */
const MAGISTERIUM_A2A_PAGE = 'magisterium-a2a';

add_action( 'admin_menu', 'magisterium_a2a_add_settings_page' );
add_action( 'admin_init', 'magisterium_a2a_register_settings' );
add_filter( 'plugin_action_links_' . plugin_basename( MAGISTERIUM_A2A_FILE ), 'magisterium_a2a_settings_link' );

/**
 * A "Settings" link first on the plugin's row of the Plugins page.
 *
 * @param string[] $links The row's links.
 * @return string[]
 */
function magisterium_a2a_settings_link( $links ) {
	$url = admin_url( 'options-general.php?page=' . MAGISTERIUM_A2A_PAGE );
	array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'magisterium-a2a' ) . '</a>' );
	return $links;
}

/** Adds Settings → Magisterium. */
function magisterium_a2a_add_settings_page() {
	add_options_page(
		__( 'Magisterium', 'magisterium-a2a' ),
		__( 'Magisterium', 'magisterium-a2a' ),
		'manage_options',
		MAGISTERIUM_A2A_PAGE,
		'magisterium_a2a_render_settings_page'
	);
}

/** Registers the option and the page's fields. */
function magisterium_a2a_register_settings() {
	register_setting(
		MAGISTERIUM_A2A_PAGE,
		MAGISTERIUM_A2A_OPTION,
		array(
			'type'              => 'array',
			'sanitize_callback' => 'magisterium_a2a_sanitize_settings',
			'show_in_rest'      => false,
		)
	);
	add_settings_section( 'magisterium_a2a_main', '', '__return_false', MAGISTERIUM_A2A_PAGE );
	$fields = array(
		'token'           => __( 'Pasted token (advanced)', 'magisterium-a2a' ),
		'time_zone'       => __( 'Parish time zone', 'magisterium-a2a' ),
		'upstream_budget' => __( 'Upstream calls a day', 'magisterium-a2a' ),
		'reserve'         => __( 'Kept for this site\'s pages', 'magisterium-a2a' ),
		'days'            => __( 'Days visitors may ask about', 'magisterium-a2a' ),
		'client'          => __( 'New questions per visitor', 'magisterium-a2a' ),
		'allow_origins'   => __( 'Other sites allowed', 'magisterium-a2a' ),
		'skills'          => __( 'Widgets served', 'magisterium-a2a' ),
		'upstream'        => __( 'Service endpoint', 'magisterium-a2a' ),
	);
	foreach ( $fields as $field => $label ) {
		add_settings_field(
			'magisterium_a2a_' . $field,
			$label,
			'magisterium_a2a_render_' . $field . '_field',
			MAGISTERIUM_A2A_PAGE,
			'magisterium_a2a_main',
			array( 'label_for' => 'magisterium_a2a_' . ( 'days' === $field ? 'days_back' : $field ) )
		);
	}
}

/** The page itself. */
function magisterium_a2a_render_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1>';
	// WordPress prints the settings' messages above a page of the Settings menu (options-head.php).
	echo '<p>' . esc_html__( 'The widgets call this site, which adds the token and keeps each day\'s answers: the token never reaches a visitor\'s browser.', 'magisterium-a2a' ) . '</p>';
	echo '<p>' . esc_html__( 'Proxy route:', 'magisterium-a2a' ) . ' <code>' . esc_html( rest_url( MAGISTERIUM_A2A_ROUTE_NAMESPACE . MAGISTERIUM_A2A_ROUTE ) ) . '</code></p>';
	magisterium_a2a_render_connection();
	magisterium_a2a_render_status();
	echo '<form action="' . esc_url( admin_url( 'options.php' ) ) . '" method="post">';
	settings_fields( MAGISTERIUM_A2A_PAGE );
	do_settings_sections( MAGISTERIUM_A2A_PAGE );
	submit_button();
	echo '</form></div>';
}

/**
 * The `name` attribute of a field of the option.
 *
 * @param string $field The field.
 * @return string
 */
function magisterium_a2a_field_name( $field ) {
	return MAGISTERIUM_A2A_OPTION . '[' . $field . ']';
}

/** The token: a write-only field; the page says only whether one is set, and its last four characters. */
function magisterium_a2a_render_token_field() {
	$token = magisterium_a2a_settings()['token'];
	printf(
		'<input type="password" id="magisterium_a2a_token" name="%s" value="" class="regular-text" autocomplete="off" spellcheck="false">',
		esc_attr( magisterium_a2a_field_name( 'token' ) )
	);
	if ( '' === $token ) {
		magisterium_a2a_description( __( 'No token is pasted. Connect to Magisterium above, or paste a token the parish has from elsewhere (used while the site is not connected).', 'magisterium-a2a' ) );
		return;
	}
	/* translators: %s: the last four characters of the token. */
	$set = sprintf( __( 'A token ending in %s is set. Leave the field empty to keep it.', 'magisterium-a2a' ), '…' . substr( $token, -4 ) );
	magisterium_a2a_description( $set );
	printf(
		'<label><input type="checkbox" name="%s" value="1"> %s</label>',
		esc_attr( magisterium_a2a_field_name( 'remove_token' ) ),
		esc_html__( 'Remove the token', 'magisterium-a2a' )
	);
}

/** The parish's time zone: empty means the site's. */
function magisterium_a2a_render_time_zone_field() {
	$zone = magisterium_a2a_settings()['time_zone'];
	printf( '<select id="magisterium_a2a_time_zone" name="%s">', esc_attr( magisterium_a2a_field_name( 'time_zone' ) ) );
	/* translators: %s: the site's time zone. */
	$site = sprintf( __( 'The site\'s (%s)', 'magisterium-a2a' ), wp_timezone_string() );
	printf( '<option value=""%s>%s</option>', selected( $zone, '', false ), esc_html( $site ) );
	foreach ( timezone_identifiers_list() as $name ) {
		printf( '<option value="%s"%s>%s</option>', esc_attr( $name ), selected( $zone, $name, false ), esc_html( $name ) );
	}
	echo '</select>';
	magisterium_a2a_description( __( 'What "today" means for the widgets, and when a day\'s answers expire.', 'magisterium-a2a' ) );
}

/** The budget of upstream calls a parish day. */
function magisterium_a2a_render_upstream_budget_field() {
	magisterium_a2a_number_input( 'upstream_budget', 1 );
	magisterium_a2a_description( __( 'Once spent, visitors get only what is already kept until the parish\'s midnight: no stranger can spend the token\'s quota.', 'magisterium-a2a' ) );
}

/**
 * A field's help line.
 *
 * @param string $text The help.
 */
function magisterium_a2a_description( $text ) {
	echo '<p class="description">' . esc_html( $text ) . '</p>';
}

/**
 * A number field of the option, named for assistive technology by the row's
 * label (`label_for`) or, when it is the second field of a row, by `$label`.
 *
 * @param string $field The field.
 * @param int    $least Its least value.
 * @param string $label Its accessible name, when the row's label names another field.
 */
function magisterium_a2a_number_input( $field, $least, $label = '' ) {
	printf(
		'<input type="number" min="%d" max="100000" step="1" id="magisterium_a2a_%s" name="%s" value="%s" class="small-text"%s>',
		(int) $least,
		esc_attr( $field ),
		esc_attr( magisterium_a2a_field_name( $field ) ),
		esc_attr( (string) ( 'reserve' === $field ? magisterium_a2a_reserve( magisterium_a2a_settings() ) : magisterium_a2a_settings()[ $field ] ) ),
		'' === $label ? '' : ' aria-label="' . esc_attr( $label ) . '"'
	);
}

/** The reserve of the day's calls for the site's own pages, and the share of questions that name no day. */
function magisterium_a2a_render_reserve_field() {
	magisterium_a2a_number_input( 'reserve', 0 );
	echo ' ' . esc_html__( 'calls for this site\'s own days;', 'magisterium-a2a' ) . ' ';
	magisterium_a2a_number_input( 'words_per_day', 0, __( 'Upstream calls a day for questions that name no day', 'magisterium-a2a' ) );
	echo ' ' . esc_html__( 'for questions that name no day', 'magisterium-a2a' );
	magisterium_a2a_description( __( 'Of the calls a day, the first number is kept for yesterday, today and tomorrow and for the dates this site\'s shortcodes and blocks name (a fifth by default): a stranger asking for far-away days cannot leave the parish\'s own page empty. Questions such as "Christmas" may spend the second number, outside what is kept. Just after the parish\'s midnight, today\'s answers are fetched ahead of any visitor (WP-Cron: with the first visit after midnight).', 'magisterium-a2a' ) );
}

/** The window of days: before and after the parish's today. */
function magisterium_a2a_render_days_field() {
	magisterium_a2a_number_input( 'days_back', 0 );
	echo ' ' . esc_html__( 'days back,', 'magisterium-a2a' ) . ' ';
	magisterium_a2a_number_input( 'days_ahead', 0, __( 'Days ahead visitors may ask about', 'magisterium-a2a' ) );
	echo ' ' . esc_html__( 'days ahead', 'magisterium-a2a' );
	magisterium_a2a_description( __( 'A date outside these is refused without calling the service.', 'magisterium-a2a' ) );
}

/** Per-client buckets, where a header set by the server in front names the client. */
function magisterium_a2a_render_client_field() {
	printf(
		'<input type="text" id="magisterium_a2a_client" name="%s" value="%s" class="regular-text code" placeholder="CF-Connecting-IP">',
		esc_attr( magisterium_a2a_field_name( 'client_key_header' ) ),
		esc_attr( magisterium_a2a_settings()['client_key_header'] )
	);
	echo ' ';
	magisterium_a2a_number_input( 'client_misses', 1, __( 'New questions per visitor a minute', 'magisterium-a2a' ) );
	echo ' ' . esc_html__( 'a minute,', 'magisterium-a2a' ) . ' ';
	magisterium_a2a_number_input( 'client_daily_misses', 1, __( 'New questions per visitor a day', 'magisterium-a2a' ) );
	echo ' ' . esc_html__( 'a day', 'magisterium-a2a' );
	magisterium_a2a_description( __( 'Only when a server in front of the site (a CDN such as Cloudflare) sets a header naming the visitor: its name. Empty: no per-visitor limit (anyone can send any header to a site reached directly). Answers already kept are always served.', 'magisterium-a2a' ) );
}

/** Other sites whose pages may call the route (this site is always allowed). */
function magisterium_a2a_render_allow_origins_field() {
	printf(
		'<textarea id="magisterium_a2a_allow_origins" name="%s" rows="3" class="large-text code">%s</textarea>',
		esc_attr( magisterium_a2a_field_name( 'allow_origins' ) ),
		esc_textarea( implode( "\n", magisterium_a2a_settings()['allow_origins'] ) )
	);
	magisterium_a2a_description( __( 'One origin a line, e.g. https://chapel.example. This site is always allowed. An origin protects visitors\' browsers, not the token: the budget does.', 'magisterium-a2a' ) );
}

/** Which of the two widgets the route serves. */
function magisterium_a2a_render_skills_field() {
	$served = magisterium_a2a_settings()['skills'];
	$labels = array(
		'saints_of_the_day'   => __( 'Saints of the day', 'magisterium-a2a' ),
		'liturgical_readings' => __( 'Mass readings', 'magisterium-a2a' ),
	);
	foreach ( $labels as $skill => $label ) {
		printf(
			'<label><input type="checkbox" name="%s[]" value="%s"%s> %s</label><br>',
			esc_attr( magisterium_a2a_field_name( 'skills' ) ),
			esc_attr( $skill ),
			checked( in_array( $skill, $served, true ), true, false ),
			esc_html( $label )
		);
	}
}

/** The A2A endpoint called (the service's unless testing). */
function magisterium_a2a_render_upstream_field() {
	printf(
		'<input type="url" id="magisterium_a2a_upstream" name="%s" value="%s" class="regular-text code">',
		esc_attr( magisterium_a2a_field_name( 'upstream' ) ),
		esc_attr( magisterium_a2a_settings()['upstream'] )
	);
	/* translators: %s: the service's endpoint. */
	$help = sprintf( __( 'Empty: the Magisterium service (%s).', 'magisterium-a2a' ), MAGISTERIUM_A2A_DEFAULT_UPSTREAM );
	magisterium_a2a_description( $help );
}
