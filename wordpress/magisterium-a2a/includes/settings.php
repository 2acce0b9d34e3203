<?php
/**
 * The plugin's settings (one option, `magisterium_a2a_settings`), read with
 * their defaults and checked when saved: the token, the parish's time zone,
 * the budget of upstream calls, the other origins allowed, the skills served
 * and the upstream endpoint.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/** The option holding the settings. */
const MAGISTERIUM_A2A_OPTION = 'magisterium_a2a_settings';
/** The service's A2A endpoint, the default upstream. */
const MAGISTERIUM_A2A_DEFAULT_UPSTREAM = 'https://www.magisterium.com/api/v1/a2a';
/** The skills of the parish widget, the only ones the proxy can serve. */
const MAGISTERIUM_A2A_SKILLS = array( 'saints_of_the_day', 'liturgical_readings' );
/** Upstream calls a parish day, by default. */
const MAGISTERIUM_A2A_DEFAULT_BUDGET = 100;
/** The days before the parish's today a visitor may ask about, by default. */
const MAGISTERIUM_A2A_DEFAULT_DAYS_BACK = 31;
/** The days after the parish's today a visitor may ask about, by default. */
const MAGISTERIUM_A2A_DEFAULT_DAYS_AHEAD = 366;
/** Uncached questions a client may ask a minute, by default (when a header names the client). */
const MAGISTERIUM_A2A_DEFAULT_CLIENT_MISSES = 20;
/** Uncached questions a client may ask a parish day, by default (when a header names the client). */
const MAGISTERIUM_A2A_DEFAULT_CLIENT_DAILY_MISSES = 50;
/** Upstream calls words that name no day may spend a parish day, by default. */
const MAGISTERIUM_A2A_DEFAULT_WORDS_PER_DAY = 10;

/**
 * The keys the settings were stored under before they took the parish
 * proxy's names (docs/glossary.md), each with its name now.
 */
const MAGISTERIUM_A2A_RENAMED_SETTINGS = array(
	'budget'        => 'upstream_budget',
	'origins'       => 'allow_origins',
	'client_header' => 'client_key_header',
);

add_action( 'plugins_loaded', 'magisterium_a2a_rename_stored_settings' );

/**
 * Moves the values of the stored option's old keys to their names now, once
 * (the first request after an upgrade, before anything reads or saves the
 * settings): an upgraded site keeps its budget, origins and client header.
 */
function magisterium_a2a_rename_stored_settings() {
	$stored = get_option( MAGISTERIUM_A2A_OPTION );
	if ( ! is_array( $stored ) || ! array_intersect_key( MAGISTERIUM_A2A_RENAMED_SETTINGS, $stored ) ) {
		return;
	}
	foreach ( MAGISTERIUM_A2A_RENAMED_SETTINGS as $old => $new ) {
		if ( array_key_exists( $old, $stored ) && ! array_key_exists( $new, $stored ) ) {
			$stored[ $new ] = $stored[ $old ];
		}
		unset( $stored[ $old ] );
	}
	update_option( MAGISTERIUM_A2A_OPTION, $stored );
}

/**
 * The settings with their defaults filled in.
 *
 * @return array{token: string, time_zone: string, upstream_budget: int, reserve: int|null, words_per_day: int, client_daily_misses: int, days_back: int, days_ahead: int, client_key_header: string, client_misses: int, allow_origins: string[], skills: string[], upstream: string}
 */
function magisterium_a2a_settings() {
	$stored = get_option( MAGISTERIUM_A2A_OPTION, array() );
	$stored = is_array( $stored ) ? $stored : array();
	return array_merge(
		array(
			'token'               => '',
			'time_zone'           => '',
			'upstream_budget'     => MAGISTERIUM_A2A_DEFAULT_BUDGET,
			'reserve'             => null,
			'words_per_day'       => MAGISTERIUM_A2A_DEFAULT_WORDS_PER_DAY,
			'days_back'           => MAGISTERIUM_A2A_DEFAULT_DAYS_BACK,
			'days_ahead'          => MAGISTERIUM_A2A_DEFAULT_DAYS_AHEAD,
			'client_key_header'   => '',
			'client_misses'       => MAGISTERIUM_A2A_DEFAULT_CLIENT_MISSES,
			'client_daily_misses' => MAGISTERIUM_A2A_DEFAULT_CLIENT_DAILY_MISSES,
			'allow_origins'       => array(),
			'skills'              => MAGISTERIUM_A2A_SKILLS,
			'upstream'            => MAGISTERIUM_A2A_DEFAULT_UPSTREAM,
		),
		$stored
	);
}

/**
 * The parish's time zone: the one set here, else the site's (Settings → General).
 *
 * @param array $settings The settings.
 * @return DateTimeZone
 */
function magisterium_a2a_time_zone( $settings ) {
	if ( '' !== $settings['time_zone'] ) {
		try {
			return new DateTimeZone( $settings['time_zone'] );
		} catch ( Exception $e ) {
			return wp_timezone();
		}
	}
	return wp_timezone();
}

/**
 * The origins whose pages may call the proxy route: the site's own (its home
 * and its WordPress address) and those listed in the settings.
 *
 * @param array $settings The settings.
 * @return string[]
 */
function magisterium_a2a_allowed_origins( $settings ) {
	$own = array( magisterium_a2a_origin_of( home_url() ), magisterium_a2a_origin_of( site_url() ) );
	return array_values( array_filter( array_unique( array_merge( $own, $settings['allow_origins'] ) ) ) );
}

/**
 * The origin of `$url` as a browser writes it in `Origin` (lower-case scheme
 * and host, the port only when it is not the scheme's), or '' when `$url` is
 * not an http(s) origin: scheme, host and port, no path, user or query.
 *
 * @param string $url A URL.
 * @return string
 */
function magisterium_a2a_origin_of( $url ) {
	$parts = wp_parse_url( trim( $url ) );
	if ( ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) ) {
		return '';
	}
	$scheme = strtolower( $parts['scheme'] );
	if ( ! in_array( $scheme, array( 'http', 'https' ), true ) || isset( $parts['user'] ) || isset( $parts['query'] ) ) {
		return '';
	}
	$default = 'https' === $scheme ? 443 : 80;
	$port    = isset( $parts['port'] ) && (int) $parts['port'] !== $default ? ':' . (int) $parts['port'] : '';
	return $scheme . '://' . strtolower( $parts['host'] ) . $port;
}

/**
 * Whether `$url` may be the upstream: https, or plain http only to this
 * machine (the token travels with every call).
 *
 * @param string $url The endpoint.
 * @return bool
 */
function magisterium_a2a_upstream_allowed( $url ) {
	$parts = wp_parse_url( $url );
	if ( ! is_array( $parts ) || empty( $parts['host'] ) || isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
		return false;
	}
	$scheme   = strtolower( isset( $parts['scheme'] ) ? $parts['scheme'] : '' );
	$loopback = (bool) preg_match( '/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i', $parts['host'] );
	return 'https' === $scheme || ( 'http' === $scheme && $loopback );
}

/**
 * The settings as submitted on the settings page, checked: an empty token
 * field keeps the stored token (it is never printed back), unless "remove"
 * is ticked; a mistake keeps the stored value and says so.
 *
 * @param mixed $input The submitted fields.
 * @return array
 */
function magisterium_a2a_sanitize_settings( $input ) {
	$current = magisterium_a2a_settings();
	$input   = is_array( $input ) ? $input : array();
	$clean   = $current;
	$token   = isset( $input['token'] ) ? trim( (string) $input['token'] ) : '';
	if ( ! empty( $input['remove_token'] ) ) {
		$clean['token'] = '';
	} elseif ( '' !== $token ) {
		if ( preg_match( '/[\s\x00-\x1f]/', $token ) ) {
			magisterium_a2a_setting_error( 'token', __( 'The token cannot hold spaces or control characters: it was not changed.', 'magisterium-a2a' ) );
		} else {
			$clean['token'] = $token;
		}
	}
	$zone = isset( $input['time_zone'] ) ? sanitize_text_field( wp_unslash( $input['time_zone'] ) ) : '';
	if ( '' === $zone || in_array( $zone, timezone_identifiers_list(), true ) ) {
		$clean['time_zone'] = $zone;
	} else {
		magisterium_a2a_setting_error( 'time_zone', __( 'Unknown time zone: it was not changed.', 'magisterium-a2a' ) );
	}
	$counts = array(
		'upstream_budget'     => 1,
		'reserve'             => 0,
		'words_per_day'       => 0,
		'days_back'           => 0,
		'days_ahead'          => 0,
		'client_misses'       => 1,
		'client_daily_misses' => 1,
	);
	foreach ( $counts as $field => $least ) {
		if ( ! isset( $input[ $field ] ) ) {
			continue; // not on the form that was sent: kept
		}
		$count = is_numeric( $input[ $field ] ) ? (int) $input[ $field ] : -1;
		if ( $count >= $least && $count <= 100000 ) {
			$clean[ $field ] = $count;
		} else {
			/* translators: %d: the least value allowed. */
			magisterium_a2a_setting_error( $field, sprintf( __( 'A count must be a whole number from %d to 100000: it was not changed.', 'magisterium-a2a' ), $least ) );
		}
	}
	$header = isset( $input['client_key_header'] ) ? trim( (string) $input['client_key_header'] ) : '';
	if ( '' === $header || preg_match( '/^[A-Za-z0-9-]{1,64}$/', $header ) ) {
		$clean['client_key_header'] = $header;
	} else {
		magisterium_a2a_setting_error( 'client_key_header', __( 'A header name holds letters, digits and hyphens only: it was not changed.', 'magisterium-a2a' ) );
	}
	$lines   = magisterium_a2a_origin_lines( isset( $input['allow_origins'] ) ? $input['allow_origins'] : '' );
	$origins = array();
	foreach ( $lines as $line ) {
		$origin = magisterium_a2a_origin_of( $line );
		if ( '' === $origin ) {
			/* translators: %s: what was typed as an origin. */
			magisterium_a2a_setting_error( 'allow_origins', sprintf( __( '%s is not an origin (scheme, host and port, e.g. https://parish.example): left out.', 'magisterium-a2a' ), $line ) );
		} else {
			$origins[] = $origin;
		}
	}
	$clean['allow_origins'] = array_values( array_unique( $origins ) );
	$skills                 = isset( $input['skills'] ) && is_array( $input['skills'] ) ? array_values( array_intersect( MAGISTERIUM_A2A_SKILLS, $input['skills'] ) ) : array();
	if ( $skills ) {
		$clean['skills'] = $skills;
	} else {
		magisterium_a2a_setting_error( 'skills', __( 'Choose at least one skill: they were not changed.', 'magisterium-a2a' ) );
	}
	$upstream = isset( $input['upstream'] ) ? esc_url_raw( trim( (string) $input['upstream'] ), array( 'http', 'https' ) ) : '';
	if ( '' === $upstream ) {
		$clean['upstream'] = MAGISTERIUM_A2A_DEFAULT_UPSTREAM;
	} elseif ( magisterium_a2a_upstream_allowed( $upstream ) ) {
		$clean['upstream'] = $upstream;
	} else {
		magisterium_a2a_setting_error( 'upstream', __( 'The endpoint must be https: (plain http: only to this machine), since the token travels with every call: it was not changed.', 'magisterium-a2a' ) );
	}
	return $clean;
}

/**
 * The origins field's entries: the form's text split at spaces and commas, or
 * the list itself when WordPress hands the sanitizer its own output again (the
 * first save of an option runs it twice: `update_option` then `add_option`).
 *
 * @param mixed $origins The field's text, or a list of origins.
 * @return string[]
 */
function magisterium_a2a_origin_lines( $origins ) {
	if ( is_array( $origins ) ) {
		return array_values( array_filter( $origins, 'is_string' ) );
	}
	return is_string( $origins ) ? preg_split( '/[\s,]+/', $origins, -1, PREG_SPLIT_NO_EMPTY ) : array();
}

/**
 * One message under the settings page's title, escaped here: WordPress's
 * `settings_errors()` prints a message as markup, and a message may quote
 * what the administrator typed (or what the service said).
 *
 * @param string $field   The field it is about.
 * @param string $message What went wrong (or right).
 * @param string $type    The notice's kind: `error`, `warning` or `updated`.
 */
function magisterium_a2a_setting_error( $field, $message, $type = 'error' ) {
	add_settings_error( MAGISTERIUM_A2A_OPTION, 'magisterium_a2a_' . $field, esc_html( $message ), $type );
}
