<?php
/**
 * One call of a widget skill on the upstream endpoint with the parish's
 * token (`wp_remote_post`), and what it came to: a `result` to answer with,
 * or an error answer the widget's client decodes to a typed error. No
 * upstream text that could hold the token reaches a visitor. As the
 * package's proxy does (proxy/upstream.js).
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/** How long one upstream call may take, in seconds. */
const MAGISTERIUM_A2A_TIMEOUT = 15;
/** The largest upstream answer read (a day's readings are a few KB). */
const MAGISTERIUM_A2A_MAX_ANSWER_BYTES = 1048576;
/** The header a refused compressed answer is marked with (see magisterium_a2a_refuse_compressed). */
const MAGISTERIUM_A2A_REFUSED_HEADER = 'x-magisterium-a2a-refused';

/**
 * Calls `$skill` upstream for `$day` (or the words `$query` when `$day` is null).
 *
 * An outcome is `{upstream, result, cacheable}` or `{upstream, status, error,
 * retry_after?}`; `upstream` is the upstream's HTTP status (null when it gave none).
 *
 * @param string      $endpoint The upstream endpoint.
 * @param string      $token    The parish's token.
 * @param string      $skill    The skill.
 * @param string|null $day      The day, `Y-m-d`.
 * @param string      $query    The normalized words.
 * @return array
 */
function magisterium_a2a_call_upstream( $endpoint, $token, $skill, $day, $query ) {
	$id      = wp_rand( 1, 2147483647 );
	$part    = $day && 'saints_of_the_day' === $skill
		? array(
			'kind' => 'data',
			'data' => array( 'date' => $day ),
		)
		: array(
			'kind' => 'text',
			'text' => $day ? $day : $query,
		);
	$message = array(
		'role'      => 'user',
		'kind'      => 'message',
		'messageId' => wp_generate_uuid4(),
		'parts'     => array( $part ),
		'metadata'  => array( 'skillId' => $skill ),
	);
	add_action( 'requests-requests.before_parse', 'magisterium_a2a_refuse_compressed' );
	$response = wp_remote_post(
		$endpoint,
		array(
			'timeout'             => MAGISTERIUM_A2A_TIMEOUT,
			'redirection'         => 0,
			'limit_response_size' => MAGISTERIUM_A2A_MAX_ANSWER_BYTES + 1,
			'headers'             => array(
				'Content-Type'    => 'application/json',
				'Accept'          => 'application/json',
				'Accept-Encoding' => 'identity',
				'Authorization'   => 'Bearer ' . $token,
			),
			'body'                => wp_json_encode(
				array(
					'jsonrpc' => '2.0',
					'id'      => $id,
					'method'  => 'message/send',
					'params'  => array( 'message' => $message ),
				)
			),
		)
	);
	remove_action( 'requests-requests.before_parse', 'magisterium_a2a_refuse_compressed' );
	if ( is_wp_error( $response ) ) {
		$timed_out = false !== stripos( $response->get_error_message(), 'timed out' );
		$message   = $timed_out ? 'the Magisterium service did not answer in time' : 'the Magisterium service could not be reached';
		return array(
			'upstream' => null,
			'status'   => $timed_out ? 504 : 502,
			'error'    => magisterium_a2a_rpc_error( MAGISTERIUM_A2A_INTERNAL_ERROR, $message ),
		);
	}
	return magisterium_a2a_read_upstream( $response, $id, $token );
}

/**
 * Refuses a compressed upstream answer before WordPress reads it (the
 * `requests.before_parse` hook of its HTTP library, given the raw answer).
 *
 * `limit_response_size` bounds the bytes read from the socket; without cURL,
 * WordPress then inflates a gzip or deflate body whole, so a 1 MB answer
 * could become gigabytes in memory. The call asks for `identity`, so an
 * answer with any other `Content-Encoding` is not what was asked for: it is
 * replaced, unread, by an empty one marked with MAGISTERIUM_A2A_REFUSED_HEADER.
 *
 * @param string $raw The raw answer: status lines, headers, body (by reference).
 */
function magisterium_a2a_refuse_compressed( &$raw ) {
	$block = '/^HTTP\/\d(?:\.\d)? (\d{3})[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*/';
	$head  = $raw;
	// Interim 1xx heads (and their blank lines) come before the answer's own.
	while ( preg_match( $block, $head, $found ) && '1' === $found[1][0] ) {
		$head = ltrim( substr( $head, strlen( $found[0] ) ), "\r\n" );
	}
	$head = preg_match( $block, $head, $found ) ? $found[0] : '';
	if ( preg_match( '/^content-encoding:[ \t]*(?!identity[ \t]*\r?$)[^\s]/im', $head ) ) {
		$raw = "HTTP/1.1 502 Bad Gateway\r\n" . MAGISTERIUM_A2A_REFUSED_HEADER . ": compressed\r\nContent-Length: 0\r\n\r\n";
	}
}

/**
 * What an upstream answer says.
 *
 * @param array  $response The answer (wp_remote_post's).
 * @param int    $id       The call's JSON-RPC id.
 * @param string $token    The token, taken out of any message passed on.
 * @return array The outcome.
 */
function magisterium_a2a_read_upstream( $response, $id, $token ) {
	$status = (int) wp_remote_retrieve_response_code( $response );
	$text   = wp_remote_retrieve_body( $response );
	$bad    = function ( $why ) use ( $status ) {
		return array(
			'upstream' => $status,
			'status'   => 502,
			'error'    => magisterium_a2a_rpc_error( MAGISTERIUM_A2A_INTERNAL_ERROR, 'bad answer from the Magisterium service: ' . $why ),
		);
	};
	if ( wp_remote_retrieve_header( $response, MAGISTERIUM_A2A_REFUSED_HEADER ) ) {
		return $bad( 'a compressed answer, although asked for none' );
	}
	if ( strlen( $text ) > MAGISTERIUM_A2A_MAX_ANSWER_BYTES ) {
		return $bad( 'too large' );
	}
	$retry_header = wp_remote_retrieve_header( $response, 'retry-after' );
	$body         = json_decode( $text );
	if ( JSON_ERROR_NONE !== json_last_error() ) {
		return 429 === $status ? magisterium_a2a_rate_limited( $status, null, $retry_header ) : $bad( "HTTP $status, not JSON" );
	}
	$error = is_object( $body ) && isset( $body->error ) && is_object( $body->error ) ? $body->error : null;
	if ( $error && isset( $error->code ) && is_int( $error->code ) ) {
		if ( MAGISTERIUM_A2A_RATE_LIMITED === $error->code || 429 === $status ) {
			$retry = isset( $error->data ) && is_object( $error->data ) && isset( $error->data->retryAfter ) ? $error->data->retryAfter : null; // phpcs:ignore WordPress.NamingConventions.ValidVariableName
			return magisterium_a2a_rate_limited( $status, $retry, $retry_header );
		}
		$message = str_replace( $token, '[token]', isset( $error->message ) && is_scalar( $error->message ) ? (string) $error->message : '' );
		return array(
			'upstream' => $status,
			'status'   => $status >= 400 ? $status : 200,
			'error'    => magisterium_a2a_rpc_error( $error->code, $message ),
		);
	}
	if ( 429 === $status ) {
		return magisterium_a2a_rate_limited( $status, null, $retry_header );
	}
	$valid = is_object( $body ) && isset( $body->jsonrpc, $body->id, $body->result ) && '2.0' === $body->jsonrpc && $body->id === $id
		&& ( is_object( $body->result ) || is_array( $body->result ) ) && 200 === $status;
	if ( ! $valid ) {
		return $bad( "HTTP $status, not the JSON-RPC answer to the call" );
	}
	$result = $body->result;
	$state  = is_object( $result ) && isset( $result->status->state ) ? $result->status->state : null;
	return array(
		'upstream'  => $status,
		'result'    => $result,
		'cacheable' => 'completed' === $state,
	);
}

/**
 * A 429 passed on with its `retryAfter` (from the JSON-RPC error, else the `Retry-After` header).
 *
 * @param int   $status      The upstream's HTTP status.
 * @param mixed $from_body   The error's `data.retryAfter`, if any.
 * @param mixed $from_header The `Retry-After` header, if any.
 * @return array The outcome.
 */
function magisterium_a2a_rate_limited( $status, $from_body, $from_header ) {
	$retry_after = null;
	foreach ( array( $from_body, $from_header ) as $value ) {
		if ( is_string( $value ) && preg_match( '/^\d+(\.\d+)?$/', trim( $value ) ) ) {
			$value = (float) $value;
		}
		if ( ( is_int( $value ) || is_float( $value ) ) && is_finite( $value ) && $value >= 0 ) {
			$retry_after = (int) ceil( $value );
			break;
		}
	}
	$data = null === $retry_after ? null : array( 'retryAfter' => $retry_after );
	return array(
		'upstream'    => $status,
		'status'      => 429,
		'retry_after' => $retry_after,
		'error'       => magisterium_a2a_rpc_error( MAGISTERIUM_A2A_RATE_LIMITED, 'Rate limit exceeded', $data ),
	);
}
