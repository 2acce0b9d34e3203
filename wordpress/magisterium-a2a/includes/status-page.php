<?php
/**
 * The settings page's status: the token's state (not set, set and not yet
 * used, working, refused since …), today's budget used and left, the
 * hold-off if one lasts, the last upstream failure with its time and the
 * service's reason, and a "Check now" button that makes one upstream call
 * (an admin-post action, with its nonce, for `manage_options` only).
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/** The admin-post action of "Check now", and its nonce's action. */
const MAGISTERIUM_A2A_CHECK_ACTION = 'magisterium_a2a_check';

add_action( 'admin_post_' . MAGISTERIUM_A2A_CHECK_ACTION, 'magisterium_a2a_check_now' );

/** Prints the status section (above the settings form: its button is a form of its own). */
function magisterium_a2a_render_status() {
	$settings = magisterium_a2a_settings();
	$status   = magisterium_a2a_upstream_status();
	$today    = magisterium_a2a_day_at( magisterium_a2a_now(), magisterium_a2a_time_zone( $settings ) );
	$budget   = (int) $settings['upstream_budget'];
	$spent    = min( magisterium_a2a_spent( $today ), $budget );
	$rows     = array(
		__( 'Token', 'magisterium-a2a' )                 => magisterium_a2a_token_state( $settings, $status ),
		__( 'Today\'s upstream calls', 'magisterium-a2a' ) => sprintf(
			/* translators: 1: calls used today; 2: the day's budget; 3: calls left. */
			__( '%1$d of %2$d used, %3$d left (only calls the service answered count).', 'magisterium-a2a' ),
			$spent,
			$budget,
			$budget - $spent
		),
		__( 'Last upstream failure', 'magisterium-a2a' ) => magisterium_a2a_last_failure_words( $status ),
	);
	echo '<h2>' . esc_html__( 'Status', 'magisterium-a2a' ) . '</h2><table class="form-table magisterium-a2a-status" role="presentation">';
	foreach ( $rows as $label => $words ) {
		echo '<tr><th scope="row">' . esc_html( $label ) . '</th><td>' . esc_html( $words ) . '</td></tr>';
	}
	echo '</table>';
	echo '<form action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" method="post">';
	echo '<input type="hidden" name="action" value="' . esc_attr( MAGISTERIUM_A2A_CHECK_ACTION ) . '">';
	wp_nonce_field( MAGISTERIUM_A2A_CHECK_ACTION );
	submit_button( __( 'Check now', 'magisterium-a2a' ), 'secondary', 'magisterium_a2a_check', false );
	echo ' <span class="description">' . esc_html__( 'Makes one call to the service with the token (today\'s saints); it counts only if the service answers.', 'magisterium-a2a' ) . '</span>';
	echo '</form>';
}

/**
 * The token's state: not set; refused since …; working (last answered at …); or set, not yet used.
 *
 * @param array $settings The settings.
 * @param array $status   The service's health.
 * @return string
 */
function magisterium_a2a_token_state( $settings, $status ) {
	$token = magisterium_a2a_bearer( $settings );
	if ( '' === $token ) {
		return __( 'Not connected: no token is set.', 'magisterium-a2a' );
	}
	$refused = magisterium_a2a_record_of( $status, 'refused', $token );
	if ( null !== $refused ) {
		return magisterium_a2a_refusal_words( $refused );
	}
	$answered = magisterium_a2a_record_of( $status, 'answered', $token );
	if ( null !== $answered ) {
		/* translators: %s: when the service last answered. */
		return sprintf( __( 'Working: the service last answered on %s.', 'magisterium-a2a' ), magisterium_a2a_status_time( $answered['at'] ) );
	}
	return __( 'Set; not used yet (Check now tries it).', 'magisterium-a2a' );
}

/**
 * The last upstream failure, its time and the service's reason, and the hold-off if it still lasts.
 *
 * @param array $status The service's health.
 * @return string
 */
function magisterium_a2a_last_failure_words( $status ) {
	$failure = $status['failure'];
	if ( ! is_array( $failure ) ) {
		return __( 'None recorded.', 'magisterium-a2a' );
	}
	/* translators: 1: when; 2: what the service answered, e.g. "HTTP 503: Service unavailable". */
	$words = sprintf( __( '%1$s: %2$s.', 'magisterium-a2a' ), magisterium_a2a_status_time( $failure['at'] ), magisterium_a2a_failure_words( $failure ) );
	if ( magisterium_a2a_now() < $status['until'] ) {
		/* translators: %s: when the hold-off ends. */
		$words .= ' ' . sprintf( __( 'No call is made to the service before %s: visitors get this failure (or an older answer) meanwhile.', 'magisterium-a2a' ), magisterium_a2a_status_time( $status['until'] ) );
	}
	return $words;
}

/** "Check now": one upstream call with the token, its result said on the settings page. */
function magisterium_a2a_check_now() {
	if ( ! current_user_can( 'manage_options' ) ) {
		wp_die( esc_html__( 'Sorry, you are not allowed to check the token.', 'magisterium-a2a' ), 403 );
	}
	check_admin_referer( MAGISTERIUM_A2A_CHECK_ACTION );
	$outcome = magisterium_a2a_check_token( magisterium_a2a_settings() );
	if ( null === $outcome ) {
		magisterium_a2a_setting_error( 'check', __( 'No token is set: there is nothing to check.', 'magisterium-a2a' ) );
	}
	magisterium_a2a_say_check( $outcome );
	// As options.php hands its messages to the page it redirects to.
	set_transient( 'settings_errors', get_settings_errors(), 30 );
	wp_safe_redirect( admin_url( 'options-general.php?page=' . MAGISTERIUM_A2A_PAGE . '&settings-updated=true' ) );
	exit;
}
