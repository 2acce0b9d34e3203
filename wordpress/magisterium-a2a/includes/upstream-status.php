<?php
/**
 * What the route knows of the service's health, in one option that is not
 * autoloaded (`magisterium_a2a_upstream_status`), so every PHP worker reads
 * the same:
 *
 * - the refusal mark: the service refused the token (HTTP 401 or 403). It is
 *   keyed on a keyed hash of the token sent (never the token itself), so a
 *   changed token or a renewed connection clears it by itself; until then no
 *   upstream call is made, and misses get the service's own refusal;
 * - the hold-off after a call the service did not answer (no answer, a 5xx,
 *   a 429, a bad answer): no upstream call for 30 s, doubling with each
 *   failure in a row up to 10 min (a 429's Retry-After when longer, up to a
 *   day); an answered call ends it, as the package's proxy does
 *   (proxy/hold-off.js);
 * - the last failure, with its time and the service's reason (text, cut to
 *   300 characters), and the last answered call (its token's hash and
 *   time), for the settings page.
 *
 * Only answered calls count against the budget: a call is counted when it
 * starts and given back unless the service answered with HTTP 200.
 *
 * The option is read and written with one statement each, past WordPress's
 * option cache (a worker that waited must see what another wrote). Two
 * failures recorded at once by two workers may count as one: the hold holds
 * either way.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/** The option holding the service's health. */
const MAGISTERIUM_A2A_STATUS_OPTION = 'magisterium_a2a_upstream_status';
/** The first wait after an unanswered call, in ms. */
const MAGISTERIUM_A2A_FIRST_WAIT_MS = 30000;
/** The longest wait a run of unanswered calls reaches, in ms. */
const MAGISTERIUM_A2A_LONGEST_WAIT_MS = 600000;
/** The longest wait a service's Retry-After may ask for, in ms. */
const MAGISTERIUM_A2A_LONGEST_ASKED_MS = 86400000;
/** The longest reason of the service kept, in characters. */
const MAGISTERIUM_A2A_MAX_REASON_LENGTH = 300;

/**
 * The service's health as last recorded: `failures` (unanswered calls in a
 * row), `until` (ms: no call before), `failure` (the last one: `at`,
 * `upstream`, `status`, `error`), `refused` (the mark: `token` hash, `at`,
 * `upstream`, `status`, `error`) and `answered` (the last answered call:
 * `token` hash, `at`), each null when there is none.
 *
 * @return array
 */
function magisterium_a2a_upstream_status() {
	global $wpdb;
	$json   = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", MAGISTERIUM_A2A_STATUS_OPTION ) ); // phpcs:ignore WordPress.DB
	$stored = is_string( $json ) ? json_decode( $json, true ) : null;
	$status = array(
		'failures' => 0,
		'until'    => 0,
		'failure'  => null,
		'refused'  => null,
		'answered' => null,
	);
	foreach ( array_keys( $status ) as $field ) {
		if ( is_array( $stored ) && isset( $stored[ $field ] ) ) {
			$status[ $field ] = $stored[ $field ];
		}
	}
	return $status;
}

/**
 * Writes the service's health (one statement: the row is made or replaced, not autoloaded).
 *
 * @param array $status The health (see magisterium_a2a_upstream_status).
 */
function magisterium_a2a_save_upstream_status( $status ) {
	global $wpdb;
	$upsert = "INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no') ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)";
	$wpdb->query( $wpdb->prepare( $upsert, MAGISTERIUM_A2A_STATUS_OPTION, wp_json_encode( $status ) ) ); // phpcs:ignore WordPress.DB
}

/**
 * The refusal mark's key for `$token`: a keyed hash (the site's salt), so the
 * database never holds the token, nor a hash that could be guessed offline.
 *
 * @param string $token The Bearer token.
 * @return string
 */
function magisterium_a2a_token_hash( $token ) {
	return hash_hmac( 'sha256', (string) $token, wp_salt( 'auth' ) );
}

/**
 * Whether the service answered the call of `$outcome` (HTTP 200: a result, or a JSON-RPC error it chose to send).
 *
 * @param array $outcome The outcome (see magisterium_a2a_call_upstream).
 * @return bool
 */
function magisterium_a2a_answered( $outcome ) {
	return isset( $outcome['upstream'] ) && 200 === $outcome['upstream'];
}

/**
 * Whether the service refused the token in `$outcome` (HTTP 401 or 403).
 *
 * @param array $outcome The outcome.
 * @return bool
 */
function magisterium_a2a_token_refused( $outcome ) {
	return isset( $outcome['upstream'] ) && in_array( $outcome['upstream'], array( 401, 403 ), true );
}

/**
 * The record `$field` (`refused` or `answered`) of the health when it is `$token`'s (not another token's), else null.
 *
 * @param array  $status The health.
 * @param string $field  The record.
 * @param string $token  The Bearer token sent now.
 * @return array|null
 */
function magisterium_a2a_record_of( $status, $field, $token ) {
	$record = $status[ $field ];
	return is_array( $record ) && isset( $record['token'] ) && is_string( $record['token'] ) && hash_equals( $record['token'], magisterium_a2a_token_hash( $token ) ) ? $record : null;
}

/**
 * What stands in for an upstream call with `$token` at `$now` (ms): the
 * service's refusal of this token, or the last failure while the hold-off
 * lasts (with `retry_after`, the seconds left), as an outcome with `reason`
 * `held`; null when a call may be made.
 *
 * @param string $token The Bearer token.
 * @param int    $now   The clock, in ms.
 * @return array|null
 */
function magisterium_a2a_held( $token, $now ) {
	$status  = magisterium_a2a_upstream_status();
	$refused = magisterium_a2a_record_of( $status, 'refused', $token );
	if ( null !== $refused ) {
		return array(
			'reason'   => 'held',
			'upstream' => null,
			'status'   => (int) $refused['status'],
			'error'    => $refused['error'],
		);
	}
	$failure = $status['failure'];
	if ( ! is_array( $failure ) || $now >= $status['until'] ) {
		return null;
	}
	return array(
		'reason'      => 'held',
		'upstream'    => null,
		'status'      => (int) $failure['status'],
		'error'       => $failure['error'],
		'retry_after' => (int) ceil( ( $status['until'] - $now ) / 1000 ),
	);
}

/**
 * Records what the call made with `$token` at `$now` (ms) came to: an
 * answered call ends the hold-off and the refusal mark, and is noted; a 401
 * or 403 marks the token refused; any other unanswered call holds off (30 s,
 * doubling up to 10 min, or a 429's longer Retry-After up to a day).
 *
 * @param array  $outcome The outcome.
 * @param string $token   The Bearer token sent.
 * @param int    $now     The clock, in ms.
 */
function magisterium_a2a_record_outcome( $outcome, $token, $now ) {
	$status = magisterium_a2a_upstream_status();
	if ( magisterium_a2a_answered( $outcome ) ) {
		$status['answered'] = array(
			'token' => magisterium_a2a_token_hash( $token ),
			'at'    => $now,
		);
		$status['failures'] = 0;
		$status['until']    = 0;
		$status['refused']  = null;
		magisterium_a2a_save_upstream_status( $status );
		return;
	}
	$error             = $outcome['error'];
	$error['message']  = mb_substr( (string) $error['message'], 0, MAGISTERIUM_A2A_MAX_REASON_LENGTH );
	$failure           = array(
		'at'       => $now,
		'upstream' => $outcome['upstream'],
		'status'   => $outcome['status'],
		'error'    => $error,
	);
	$status['failure'] = $failure;
	if ( magisterium_a2a_token_refused( $outcome ) ) {
		$status['refused'] = array( 'token' => magisterium_a2a_token_hash( $token ) ) + $failure;
	} else {
		$status['failures'] = min( (int) $status['failures'] + 1, 32 );
		$back_off           = min( MAGISTERIUM_A2A_FIRST_WAIT_MS * 2 ** ( $status['failures'] - 1 ), MAGISTERIUM_A2A_LONGEST_WAIT_MS );
		$asked              = isset( $outcome['retry_after'] ) ? min( $outcome['retry_after'] * 1000, MAGISTERIUM_A2A_LONGEST_ASKED_MS ) : 0;
		$status['until']    = $now + max( $back_off, $asked );
	}
	magisterium_a2a_save_upstream_status( $status );
}

/**
 * After an upstream call counted on `$today`'s budget: records its outcome
 * and gives the call back unless the service answered it.
 *
 * @param array  $outcome The outcome.
 * @param string $token   The Bearer token sent.
 * @param string $today   The parish's day the call was counted on.
 */
function magisterium_a2a_settle( $outcome, $token, $today ) {
	magisterium_a2a_record_outcome( $outcome, $token, magisterium_a2a_now() );
	if ( ! magisterium_a2a_answered( $outcome ) ) {
		magisterium_a2a_give_back( $today );
	}
}
