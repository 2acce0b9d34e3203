<?php
/**
 * The token checked with one upstream call (today's saints, the cheapest
 * skill): when the settings are saved with a new token or endpoint (or a
 * connection gives a new token), and when an administrator presses "Check now". A
 * refusal is said there, on the settings page, not later by a visitor's
 * widget. The call is counted on the parish's day and given back unless the
 * service answered it; its outcome is recorded as any other call's
 * (includes/upstream-status.php), so an answer ends a hold-off or a refusal.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

add_action( 'update_option_' . MAGISTERIUM_A2A_OPTION, 'magisterium_a2a_check_changed_token', 10, 2 );
add_action( 'add_option_' . MAGISTERIUM_A2A_OPTION, 'magisterium_a2a_check_added_token', 10, 2 );

/**
 * After the settings were updated: checks the token when the one sent
 * upstream changed, or the endpoint it is sent to.
 *
 * @param mixed $old   The settings before.
 * @param mixed $value The settings now.
 */
function magisterium_a2a_check_changed_token( $old, $value ) {
	$now    = magisterium_a2a_settings();
	$before = array_merge( $now, array( 'token' => '' ), is_array( $old ) ? $old : array() );
	$token  = magisterium_a2a_bearer( $now );
	if ( '' !== $token && ( magisterium_a2a_bearer( $before ) !== $token || $before['upstream'] !== $now['upstream'] ) ) {
		magisterium_a2a_say_check( magisterium_a2a_check_token( $now ) );
	}
}

/**
 * After the settings were first saved: checks the token, if one is set.
 *
 * @param string $option The option's name.
 * @param mixed  $value  The settings.
 */
function magisterium_a2a_check_added_token( $option, $value ) {
	$now = magisterium_a2a_settings();
	if ( '' !== magisterium_a2a_bearer( $now ) ) {
		magisterium_a2a_say_check( magisterium_a2a_check_token( $now ) );
	}
}

/**
 * One upstream call with the token of `$settings` (today's saints, in the
 * parish's time zone), within today's budget: its outcome, or a 429 outcome
 * (`reason` `budget`) when the budget is spent, or null when no token is set.
 *
 * @param array $settings The settings.
 * @return array|null
 */
function magisterium_a2a_check_token( $settings ) {
	$token = magisterium_a2a_bearer( $settings );
	if ( '' === $token ) {
		return null;
	}
	$today = magisterium_a2a_day_at( magisterium_a2a_now(), magisterium_a2a_time_zone( $settings ) );
	if ( ! magisterium_a2a_spend( $today, (int) $settings['upstream_budget'] ) ) {
		return array(
			'reason'   => 'budget',
			'upstream' => null,
			'status'   => 429,
			'error'    => magisterium_a2a_rpc_error( MAGISTERIUM_A2A_RATE_LIMITED, "the parish's upstream calls for today are spent" ),
		);
	}
	$outcome = magisterium_a2a_call_upstream( $settings['upstream'], $token, 'saints_of_the_day', $today, $today );
	magisterium_a2a_settle( $outcome, $token, $today );
	if ( ! empty( $outcome['cacheable'] ) ) {
		magisterium_a2a_store( "saints_of_the_day $today", $today, $outcome['result'] ); // the day's first visitor finds it kept
	}
	return $outcome;
}

/**
 * Says on the settings page what a check came to: an `updated` notice when the
 * service answered, an `error` one when it refused the token, a `warning` otherwise.
 *
 * @param array|null $outcome The check's outcome (magisterium_a2a_check_token).
 */
function magisterium_a2a_say_check( $outcome ) {
	if ( null === $outcome || ! function_exists( 'add_settings_error' ) ) {
		return;
	}
	if ( magisterium_a2a_answered( $outcome ) ) {
		magisterium_a2a_setting_error( 'check', __( 'The Magisterium service accepted the token: it answered a test call (today\'s saints).', 'magisterium-a2a' ), 'updated' );
	} elseif ( magisterium_a2a_token_refused( $outcome ) ) {
		magisterium_a2a_setting_error( 'check', magisterium_a2a_refusal_words( $outcome ) );
	} elseif ( isset( $outcome['reason'] ) ) {
		magisterium_a2a_setting_error( 'check', __( 'The token could not be checked: today\'s upstream calls are spent. It will be checked by the first call after the parish\'s midnight.', 'magisterium-a2a' ), 'warning' );
	} else {
		/* translators: %s: what went wrong, e.g. "HTTP 503: Service unavailable". */
		$words = sprintf( __( 'The token could not be checked: the Magisterium service did not answer (%s). This cost none of today\'s calls; the route holds off for a while, then asks again.', 'magisterium-a2a' ), magisterium_a2a_failure_words( $outcome ) );
		magisterium_a2a_setting_error( 'check', $words, 'warning' );
	}
}
