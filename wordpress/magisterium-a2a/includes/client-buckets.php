<?php
/**
 * A small bucket of uncached questions per client, where a server in front
 * of the site names the client in a header (the setting "New questions per
 * visitor"): at most `client_misses` a minute, refilled continuously. Only a
 * request that would call upstream takes from it; kept answers are free.
 * Buckets are transients that end after a minute untouched (a full bucket
 * needs no row), so a flood of client names is bounded by the budget's calls.
 * Concurrent requests of one client may both take its last question: the
 * bucket is fairness, the budget is the limit that holds.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/**
 * The client a request comes from, as the configured header names it, or null.
 *
 * @param WP_REST_Request $request  The request.
 * @param array           $settings The settings.
 * @return string|null
 */
function magisterium_a2a_client_key( $request, $settings ) {
	if ( '' === $settings['client_key_header'] ) {
		return null;
	}
	$client = $request->get_header( $settings['client_key_header'] );
	return null === $client || '' === trim( $client ) ? null : trim( $client );
}

/**
 * Takes one question from `$client`'s bucket at `$now` (ms).
 *
 * @param string $client  The client.
 * @param int    $per_min Questions a minute.
 * @param int    $now     The clock.
 * @return int 0, or the whole seconds until the bucket has one.
 */
function magisterium_a2a_take_from_bucket( $client, $per_min, $now ) {
	$name   = 'magisterium_a2a_client_' . md5( $client );
	$bucket = get_transient( $name );
	$tokens = (float) $per_min;
	if ( is_array( $bucket ) && $now >= $bucket['at'] ) {
		$tokens = min( (float) $per_min, $bucket['tokens'] + ( $now - $bucket['at'] ) * $per_min / 60000 );
	}
	if ( $tokens < 1 ) {
		return max( 1, (int) ceil( ( 1 - $tokens ) * 60 / $per_min ) );
	}
	$bucket = array(
		'tokens' => $tokens - 1,
		'at'     => $now,
	);
	set_transient( $name, $bucket, MINUTE_IN_SECONDS );
	return 0;
}
