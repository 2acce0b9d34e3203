<?php
/**
 * The proxy route's answers: JSON-RPC 2.0 bodies, each with the visitor's
 * own `id`, and the CORS headers of an allowed origin; the same answers as
 * the package's proxy (proxy/answers.js).
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/** JSON-RPC: the body is not JSON. */
const MAGISTERIUM_A2A_PARSE_ERROR = -32700;
/** JSON-RPC: not a request (or refused before it is read). */
const MAGISTERIUM_A2A_INVALID_REQUEST = -32600;
/** JSON-RPC: a method other than message/send. */
const MAGISTERIUM_A2A_METHOD_NOT_FOUND = -32601;
/** JSON-RPC: no date, a date that is no day, or a day outside the window. */
const MAGISTERIUM_A2A_INVALID_PARAMS = -32602;
/** JSON-RPC: the proxy or the service failed. */
const MAGISTERIUM_A2A_INTERNAL_ERROR = -32603;
/** A2A: a skill the route does not serve. */
const MAGISTERIUM_A2A_SKILL_NOT_FOUND = -32002;
/** A2A: rate limited (the service's, or the parish's budget). */
const MAGISTERIUM_A2A_RATE_LIMITED = -32003;

/**
 * The headers of every answer: `Vary: Origin`, and for an allowed `$origin`
 * its `Access-Control-Allow-Origin` and the exposed `Retry-After`.
 *
 * @param string|null $origin The allowed origin, or null.
 * @return array<string, string>
 */
function magisterium_a2a_cors_headers( $origin ) {
	$headers = array( 'Vary' => 'Origin' );
	if ( $origin ) {
		$headers['Access-Control-Allow-Origin']   = $origin;
		$headers['Access-Control-Expose-Headers'] = 'Retry-After';
	}
	return $headers;
}

/**
 * The answer to a CORS preflight of an allowed origin.
 *
 * @param string $origin The origin.
 * @return WP_REST_Response
 */
function magisterium_a2a_preflight( $origin ) {
	$headers = magisterium_a2a_cors_headers( $origin ) + array(
		'Access-Control-Allow-Methods' => 'POST, OPTIONS',
		'Access-Control-Allow-Headers' => 'Content-Type',
		'Access-Control-Max-Age'       => '86400',
	);
	return new WP_REST_Response( null, 204, $headers );
}

/**
 * `{"jsonrpc":"2.0","id":…,"result":…}`, HTTP 200.
 *
 * @param string|int|float $id      The visitor's id.
 * @param object|array     $result  The task, as decoded (objects kept as objects).
 * @param array            $headers The CORS headers.
 * @return WP_REST_Response
 */
function magisterium_a2a_result_answer( $id, $result, $headers ) {
	return magisterium_a2a_json_answer(
		200,
		array(
			'jsonrpc' => '2.0',
			'id'      => $id,
			'result'  => $result,
		),
		$headers
	);
}

/**
 * `{"jsonrpc":"2.0","id":…,"error":{code, message, data?}}` with HTTP `$status`.
 *
 * @param string|int|float|null $id      The visitor's id, or null.
 * @param int                   $status  The HTTP status.
 * @param array                 $error   The JSON-RPC error (magisterium_a2a_rpc_error).
 * @param array                 $headers The CORS headers and any other.
 * @return WP_REST_Response
 */
function magisterium_a2a_error_answer( $id, $status, $error, $headers ) {
	return magisterium_a2a_json_answer(
		$status,
		array(
			'jsonrpc' => '2.0',
			'id'      => $id,
			'error'   => $error,
		),
		$headers
	);
}

/**
 * A JSON-RPC error object.
 *
 * @param int        $code    The code.
 * @param string     $message The message.
 * @param array|null $data    Its data, if any.
 * @return array
 */
function magisterium_a2a_rpc_error( $code, $message, $data = null ) {
	$error = array(
		'code'    => $code,
		'message' => $message,
	);
	if ( null !== $data ) {
		$error['data'] = $data;
	}
	return $error;
}

/**
 * A JSON answer that no cache keeps.
 *
 * @param int   $status  The HTTP status.
 * @param array $body    The body.
 * @param array $headers Its headers.
 * @return WP_REST_Response
 */
function magisterium_a2a_json_answer( $status, $body, $headers ) {
	return new WP_REST_Response( $body, $status, $headers + array( 'Cache-Control' => 'no-store' ) );
}
