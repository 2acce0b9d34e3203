<?php
/**
 * The proxy route `/wp-json/magisterium/v1/a2a` in WordPress's REST API.
 *
 * The route answers with the JSON-RPC contract of the package's proxy, not
 * with WordPress's REST conventions, so on this route alone the plugin steps
 * in before WordPress would: its own answer to OPTIONS and to every method
 * (WordPress would answer OPTIONS with the route's schema, and a body that is
 * not JSON with `rest_invalid_json`), and its own CORS headers (WordPress
 * would allow every origin, with credentials).
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/** The route's namespace. */
const MAGISTERIUM_A2A_ROUTE_NAMESPACE = 'magisterium/v1';
/** The route, in its namespace. */
const MAGISTERIUM_A2A_ROUTE = '/a2a';

add_action( 'rest_api_init', 'magisterium_a2a_register_route' );
add_filter( 'rest_pre_dispatch', 'magisterium_a2a_pre_dispatch', 0, 3 );
add_filter( 'rest_pre_serve_request', 'magisterium_a2a_pre_serve', 20, 3 );

/** Registers the route: open to every visitor (the origin, the budget and the window are checked in the answer). */
function magisterium_a2a_register_route() {
	register_rest_route(
		MAGISTERIUM_A2A_ROUTE_NAMESPACE,
		MAGISTERIUM_A2A_ROUTE,
		array(
			'methods'             => array( 'POST', 'OPTIONS', 'GET', 'PUT', 'PATCH', 'DELETE' ),
			'callback'            => 'magisterium_a2a_rest_answer',
			'permission_callback' => '__return_true',
		)
	);
}

/**
 * Whether `$request` is for the proxy route.
 *
 * @param WP_REST_Request $request The request.
 * @return bool
 */
function magisterium_a2a_is_route( $request ) {
	// WordPress matches a route case-insensitively (`rest_api_loaded` dispatches `/Magisterium/V1/A2A` here too).
	return 0 === strcasecmp( '/' . MAGISTERIUM_A2A_ROUTE_NAMESPACE . MAGISTERIUM_A2A_ROUTE, untrailingslashit( $request->get_route() ) );
}

/**
 * Answers the proxy route before WordPress's own checks of the request
 * (its OPTIONS answer, its JSON parsing), and takes off the CORS headers
 * WordPress sends for every REST request: the route sends its own.
 *
 * @param mixed           $result  A result already made by another filter, or null.
 * @param WP_REST_Server  $server  The server.
 * @param WP_REST_Request $request The request.
 * @return mixed
 */
function magisterium_a2a_pre_dispatch( $result, $server, $request ) {
	if ( null !== $result || ! magisterium_a2a_is_route( $request ) ) {
		return $result;
	}
	remove_filter( 'rest_pre_serve_request', 'rest_send_cors_headers' );
	remove_filter( 'rest_post_dispatch', 'rest_send_allow_header' );
	foreach ( headers_list() as $header ) {
		$name = strtolower( strtok( $header, ':' ) );
		if ( 0 === strpos( $name, 'access-control-' ) ) {
			header_remove( $name );
		}
	}
	return magisterium_a2a_rest_answer( $request );
}

/**
 * The route's answer, and its log line (the action `magisterium_a2a_log`).
 *
 * @param WP_REST_Request $request The request.
 * @return WP_REST_Response
 */
function magisterium_a2a_rest_answer( $request ) {
	$started  = microtime( true );
	$seen     = array(
		'skill'    => null,
		'day'      => null,
		'cache'    => '-',
		'upstream' => null,
	);
	$response = magisterium_a2a_answer( $request, $seen );
	$line     = magisterium_a2a_log_line( $request->get_method(), $request->get_header( 'origin' ), $seen, $response->get_status(), ( microtime( true ) - $started ) * 1000 );
	/**
	 * One line per request to the proxy route, never with the token (docs/proxy.md, "The log").
	 *
	 * @param string $line The line.
	 */
	do_action( 'magisterium_a2a_log', $line );
	return $response;
}

/**
 * Sends a preflight's 204 without a body (WordPress would print `null`).
 *
 * @param bool             $served  Whether the request was served already.
 * @param WP_HTTP_Response $result  The answer.
 * @param WP_REST_Request  $request The request.
 * @return bool
 */
function magisterium_a2a_pre_serve( $served, $result, $request ) {
	return $served || ( magisterium_a2a_is_route( $request ) && 204 === $result->get_status() );
}
