<?php
/**
 * The proxy route's pipeline: the same contract as the package's proxy
 * (proxy/index.js, docs/proxy.md), on WordPress. A request is answered in
 * this order: an origin not allowed (403), a preflight (204), another method
 * (405), a body over 16 KiB (413), not JSON-RPC, a method other than
 * message/send, a skill not served, no date or a date outside the window of
 * days, a fresh answer kept today, and only then, within the parish day's
 * budget, one upstream call per key however many ask at once.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/** The largest request body a visitor may send, in bytes. */
const MAGISTERIUM_A2A_MAX_BODY_BYTES = 16384;
/** The longest date text a visitor may send. */
const MAGISTERIUM_A2A_MAX_DATE_LENGTH = 100;
/** The skill the service runs for a message that names none. */
const MAGISTERIUM_A2A_DEFAULT_SKILL = 'catholic_qa';

/**
 * The clock, in milliseconds since the epoch (the filter `magisterium_a2a_now` may move it).
 *
 * @return int
 */
function magisterium_a2a_now() {
	return (int) apply_filters( 'magisterium_a2a_now', (int) floor( microtime( true ) * 1000 ) );
}

/**
 * The answer to one request to the route; `$seen` collects what the log line says.
 *
 * @param WP_REST_Request $request The request.
 * @param array           $seen    The log's fields, filled in.
 * @return WP_REST_Response
 */
function magisterium_a2a_answer( $request, &$seen ) {
	$settings = magisterium_a2a_settings();
	$origin   = $request->get_header( 'origin' );
	if ( null === $origin || ! in_array( $origin, magisterium_a2a_allowed_origins( $settings ), true ) ) {
		return magisterium_a2a_error_answer( null, 403, magisterium_a2a_rpc_error( MAGISTERIUM_A2A_INVALID_REQUEST, 'this origin may not use the proxy' ), magisterium_a2a_cors_headers( null ) );
	}
	$headers = magisterium_a2a_cors_headers( $origin );
	if ( 'OPTIONS' === $request->get_method() ) {
		return magisterium_a2a_preflight( $origin );
	}
	$refuse = function ( $id, $code, $message, $status = 200, $extra = array() ) use ( $headers ) {
		return magisterium_a2a_error_answer( $id, $status, magisterium_a2a_rpc_error( $code, $message ), $headers + $extra );
	};
	if ( 'POST' !== $request->get_method() ) {
		return $refuse( null, MAGISTERIUM_A2A_INVALID_REQUEST, 'only POST', 405, array( 'Allow' => 'POST, OPTIONS' ) );
	}
	$text     = $request->get_body();
	$declared = magisterium_a2a_declared_length( $request->get_header( 'content-length' ) );
	if ( ( null !== $declared && $declared > MAGISTERIUM_A2A_MAX_BODY_BYTES ) || strlen( $text ) > MAGISTERIUM_A2A_MAX_BODY_BYTES ) {
		return $refuse( null, MAGISTERIUM_A2A_INVALID_REQUEST, 'request body too large (limit ' . MAGISTERIUM_A2A_MAX_BODY_BYTES . ' bytes)', 413 );
	}
	$body = json_decode( $text );
	if ( JSON_ERROR_NONE !== json_last_error() ) {
		return $refuse( null, MAGISTERIUM_A2A_PARSE_ERROR, 'Parse error' );
	}
	$id       = is_object( $body ) && isset( $body->id ) ? $body->id : null;
	$valid_id = is_string( $id ) || is_int( $id ) || ( is_float( $id ) && is_finite( $id ) );
	if ( ! is_object( $body ) || ! isset( $body->jsonrpc ) || '2.0' !== $body->jsonrpc || ! isset( $body->method ) || ! is_string( $body->method ) || ! $valid_id ) {
		return $refuse( $valid_id ? $id : null, MAGISTERIUM_A2A_INVALID_REQUEST, 'Invalid request' );
	}
	if ( 'message/send' !== $body->method ) {
		// tasks/get and tasks/cancel too: every visitor's task is made with the one token.
		return $refuse( $id, MAGISTERIUM_A2A_METHOD_NOT_FOUND, 'Method not found: the parish proxy forwards message/send only' );
	}
	$message = isset( $body->params ) && is_object( $body->params ) && isset( $body->params->message ) ? $body->params->message : null;
	if ( ! is_object( $message ) || ! isset( $message->parts ) || ! is_array( $message->parts ) ) {
		return $refuse( $id, MAGISTERIUM_A2A_INVALID_PARAMS, 'Invalid params: params.message with its parts is required' );
	}
	$skill         = isset( $message->metadata ) && is_object( $message->metadata ) && isset( $message->metadata->skillId ) ? $message->metadata->skillId : MAGISTERIUM_A2A_DEFAULT_SKILL; // phpcs:ignore WordPress.NamingConventions.ValidVariableName
	$seen['skill'] = $skill;
	if ( ! is_string( $skill ) || ! in_array( $skill, $settings['skills'], true ) ) {
		return $refuse( $id, MAGISTERIUM_A2A_SKILL_NOT_FOUND, 'Skill not found: this proxy serves ' . implode( ', ', $settings['skills'] ) );
	}
	$input = magisterium_a2a_date_input( $message->parts );
	if ( '' === $input || magisterium_a2a_utf16_length( $input ) > MAGISTERIUM_A2A_MAX_DATE_LENGTH ) {
		return $refuse( $id, MAGISTERIUM_A2A_INVALID_PARAMS, 'Invalid params: a date of 1 to ' . MAGISTERIUM_A2A_MAX_DATE_LENGTH . ' characters is required' );
	}
	$now   = magisterium_a2a_now();
	$asked = magisterium_a2a_asked( $skill, $input, $now, $settings );
	if ( false !== $asked['day'] ) {
		$seen['day'] = null === $asked['day'] ? $asked['query'] : $asked['day'];
	}
	if ( '' !== $asked['error'] ) {
		return $refuse( $id, MAGISTERIUM_A2A_INVALID_PARAMS, $asked['error'] );
	}
	$cached = magisterium_a2a_fresh( $asked['key'], $asked['fresh_on'] );
	if ( null !== $cached ) {
		$seen['cache'] = 'hit';
		return magisterium_a2a_result_answer( $id, $cached, $headers );
	}
	$ask     = magisterium_a2a_miss( $settings, $skill, $asked, $now, magisterium_a2a_client_key( $request, $settings ) );
	$key     = $ask['key'];
	$outcome = magisterium_a2a_once( $ask, $seen );
	if ( isset( $outcome['result'] ) ) {
		return magisterium_a2a_result_answer( $id, $outcome['result'], $headers );
	}
	$stale = 429 === $outcome['status'] || isset( $outcome['reason'] ) ? magisterium_a2a_stale( $key ) : null;
	if ( null !== $stale ) {
		$seen['cache'] = 'stale';
		return magisterium_a2a_result_answer( $id, $stale, $headers );
	}
	$retry = isset( $outcome['retry_after'] ) ? array( 'Retry-After' => (string) $outcome['retry_after'] ) : array();
	return magisterium_a2a_error_answer( $id, $outcome['status'], $outcome['error'], $headers + $retry );
}

/**
 * What `$input` (a date text of 1 to 100 characters) asks of `$skill` at
 * `$now` (ms): the parish's `today`, the normalized `query`, the `day` it
 * names (null for words this resolver does not read, false for no day), the
 * cache `key` of its answer and what that entry must be `fresh_on` (the
 * parish's today, and for words the service's day too: "Christmas" asked at
 * 19:00 in Chicago on December 25 is the service's next one), and the
 * `error` that refuses it ('' when none: a day inside the settings' window
 * of days, or words).
 *
 * @param string $skill    The skill.
 * @param string $input    The date text.
 * @param int    $now      The clock.
 * @param array  $settings The settings.
 * @return array{today: string, query: string, day: string|null|false, key: string, fresh_on: string, error: string}
 */
function magisterium_a2a_asked( $skill, $input, $now, $settings ) {
	$today = magisterium_a2a_day_at( $now, magisterium_a2a_time_zone( $settings ) );
	$query = magisterium_a2a_normalize_query( $input );
	$day   = magisterium_a2a_resolve_day( $query, $today );
	// A day is the same for everyone; other words (a feast) are read upstream, keyed by their normalised text.
	$asked  = array(
		'today'    => $today,
		'query'    => $query,
		'day'      => $day,
		'key'      => null === $day ? "$skill $query" : "$skill $day",
		'fresh_on' => null === $day ? $today . ' ' . magisterium_a2a_service_day( $now ) : $today,
		'error'    => '',
	);
	$offset = is_string( $day ) ? magisterium_a2a_days_between( $today, $day ) : 0;
	if ( false === $day ) {
		$asked['error'] = "Invalid params: $query is not a calendar day";
	} elseif ( $offset < -$settings['days_back'] || $offset > $settings['days_ahead'] ) {
		$asked['error'] = sprintf( 'Invalid params: %s is not within %d days before or %d days after today', $day, $settings['days_back'], $settings['days_ahead'] );
	}
	return $asked;
}

/**
 * The miss of a request `$asked` (magisterium_a2a_asked, no error) of `$skill` at `$now`
 * from `$client` (as a header names it, or null), for magisterium_a2a_once.
 *
 * @param array       $settings The settings.
 * @param string      $skill    The skill.
 * @param array       $asked    What the request asks.
 * @param int         $now      The clock.
 * @param string|null $client   The client.
 * @return array
 */
function magisterium_a2a_miss( $settings, $skill, $asked, $now, $client ) {
	return array(
		'key'      => $asked['key'],
		'today'    => $asked['today'],
		'fresh_on' => $asked['fresh_on'],
		'settings' => $settings,
		'skill'    => $skill,
		'day'      => $asked['day'],
		'query'    => $asked['query'],
		'now'      => $now,
		'zone'     => magisterium_a2a_time_zone( $settings ),
		'client'   => $client,
		'own'      => magisterium_a2a_is_own( $asked['day'], $asked['query'], $asked['today'] ),
	);
}

/**
 * What a miss asks for (magisterium_a2a_miss): `key`, `today`, `fresh_on` (what its entry is fresh on: the parish's
 * today, and for words the service's day too), `settings`, `skill`, `day` (null for
 * words), `query` (the normalized words), `now`, `zone` (the parish's) and
 * `client` (as a header names it, or null), `own` (whether the key is one of the site's own,
 * which may spend the reserve).
 *
 * The outcome for a key missing from the cache: one upstream call however
 * many requests ask at once (the others wait for its answer, or try once
 * more themselves if it stored none), within the parish day's budget. A
 * request whose wait ended without an answer while the route holds off
 * (magisterium_a2a_held) gets the failure of the call it waited on.
 *
 * @param array $ask  The miss.
 * @param array $seen The log's fields, filled in.
 * @return array The outcome (see magisterium_a2a_call_upstream).
 */
function magisterium_a2a_once( $ask, &$seen ) {
	for ( $tries = 0; $tries < 2; $tries++ ) {
		if ( ! magisterium_a2a_lock( $ask['key'] ) ) {
			$joined = magisterium_a2a_wait_for( $ask['key'], $ask['fresh_on'] );
			if ( null !== $joined ) {
				$seen['cache'] = 'joined';
				return array( 'result' => $joined );
			}
			$held = magisterium_a2a_held( magisterium_a2a_bearer( $ask['settings'] ), magisterium_a2a_now() );
			if ( null !== $held ) {
				$seen['cache'] = 'held';
				return $held;
			}
			continue;
		}
		$outcome = magisterium_a2a_locked_call( $ask, $seen );
		magisterium_a2a_unlock( $ask['key'] );
		return $outcome;
	}
	return array(
		'status' => 503,
		'error'  => magisterium_a2a_rpc_error( MAGISTERIUM_A2A_INTERNAL_ERROR, 'the proxy is busy: try again' ),
	);
}

/**
 * The outcome of a miss while holding its key's lock: no call while the
 * route holds off (a refused token, a failure's back-off); then the budget
 * is asked (once it is spent no bucket is touched), then the client's
 * bucket. The call is counted when it starts and given back unless the
 * service answered it.
 *
 * @param array $ask  The miss (see magisterium_a2a_once).
 * @param array $seen The log's fields, filled in.
 * @return array The outcome.
 */
function magisterium_a2a_locked_call( $ask, &$seen ) {
	$settings = $ask['settings'];
	$stored   = magisterium_a2a_fresh_again( $ask['key'], $ask['fresh_on'] );
	if ( null !== $stored ) {
		$seen['cache'] = 'joined';
		return array( 'result' => $stored );
	}
	$token = magisterium_a2a_bearer( $settings );
	if ( '' === $token ) {
		return array(
			'status' => 503,
			// The data the package's proxy sends too (proxy/upstream.js NOT_CONNECTED): the widget says "not connected".
			'error'  => magisterium_a2a_rpc_error( MAGISTERIUM_A2A_INTERNAL_ERROR, 'the proxy has no token for the Magisterium service', array( 'reason' => 'not_connected' ) ),
		);
	}
	$held = magisterium_a2a_held( $token, $ask['now'] );
	if ( null !== $held ) {
		$seen['cache'] = 'held';
		return $held;
	}
	// The site's own keys may spend the whole budget; any other only what its reserve leaves.
	$budget = (int) $settings['upstream_budget'];
	$limit  = $ask['own'] ? $budget : $budget - magisterium_a2a_reserve( $settings );
	if ( ! magisterium_a2a_budget_left( $ask['today'], $limit ) ) {
		return magisterium_a2a_refusal( 'budget', magisterium_a2a_seconds_to_midnight( $ask['now'], $ask['zone'] ), "the parish's upstream calls for today are spent", $seen );
	}
	$daily = magisterium_a2a_take_daily( $ask, $seen );
	if ( null !== $daily ) {
		return $daily;
	}
	$wait = null === $ask['client'] ? 0 : magisterium_a2a_take_from_bucket( $ask['client'], (int) $settings['client_misses'], $ask['now'] );
	if ( $wait ) {
		magisterium_a2a_give_back_daily( $ask );
		return magisterium_a2a_refusal( 'client', $wait, 'too many new questions from this client', $seen );
	}
	if ( ! magisterium_a2a_spend( $ask['today'], $limit ) ) {
		magisterium_a2a_give_back_daily( $ask );
		return magisterium_a2a_refusal( 'budget', magisterium_a2a_seconds_to_midnight( $ask['now'], $ask['zone'] ), "the parish's upstream calls for today are spent", $seen );
	}
	$seen['cache']    = 'miss';
	$outcome          = magisterium_a2a_call_upstream( $settings['upstream'], $token, $ask['skill'], $ask['day'], $ask['query'] );
	$renewed          = 401 === $outcome['upstream'] ? magisterium_a2a_renewed_after_refusal( $settings, $token ) : '';
	$token            = '' === $renewed ? $token : $renewed;
	$outcome          = '' === $renewed ? $outcome : magisterium_a2a_call_upstream( $settings['upstream'], $token, $ask['skill'], $ask['day'], $ask['query'] );
	$seen['upstream'] = $outcome['upstream'];
	magisterium_a2a_settle( $outcome, $token, $ask['today'] );
	if ( ! magisterium_a2a_answered( $outcome ) ) {
		magisterium_a2a_give_back_daily( $ask );
	}
	if ( ! empty( $outcome['cacheable'] ) ) {
		magisterium_a2a_store( $ask['key'], $ask['fresh_on'], $outcome['result'] );
	}
	return $outcome;
}

/**
 * A 429 of a spent allowance (`budget`, `words` or `client`, as the log says): -32003 with `retryAfter`.
 *
 * @param string $reason      The allowance, `budget`, `words` or `client`.
 * @param int    $retry_after Whole seconds until the allowance has room.
 * @param string $why         What was spent.
 * @param array  $seen        The log's fields, filled in.
 * @return array The outcome.
 */
function magisterium_a2a_refusal( $reason, $retry_after, $why, &$seen ) {
	$seen['cache'] = $reason;
	return array(
		'status'      => 429,
		'retry_after' => $retry_after,
		'error'       => magisterium_a2a_rpc_error( MAGISTERIUM_A2A_RATE_LIMITED, 'Rate limit exceeded: ' . $why, array( 'retryAfter' => $retry_after ) ),
	);
}

/**
 * The date a message asks about: a data part's `date`, else the first text part ('' when none).
 *
 * @param array $parts The message's parts.
 * @return string
 */
function magisterium_a2a_date_input( $parts ) {
	foreach ( $parts as $part ) {
		if ( is_object( $part ) && isset( $part->data ) && is_object( $part->data ) && isset( $part->data->date ) && is_string( $part->data->date ) ) {
			return magisterium_a2a_trim( $part->data->date );
		}
	}
	foreach ( $parts as $part ) {
		if ( is_object( $part ) && isset( $part->kind, $part->text ) && 'text' === $part->kind && is_string( $part->text ) ) {
			return magisterium_a2a_trim( $part->text );
		}
	}
	return '';
}

/**
 * The length a Content-Length declares, by the package's one rule (docs/design.md, "Bounding a
 * body"; the cases: tests/fixtures/declared-lengths.json): ASCII digits with spaces or tabs
 * around them; anything else (a sign, an exponent, hex, a list, other blanks) declares nothing.
 *
 * @param string|null $value The header as sent, null when absent.
 * @return float|null The length (INF past the largest float), or null.
 */
function magisterium_a2a_declared_length( $value ) {
	return is_string( $value ) && preg_match( '/^[ \t]*([0-9]+)[ \t]*$/D', $value, $digits ) ? (float) $digits[1] : null;
}

/**
 * The length of `$text` as JavaScript counts it (UTF-16 code units).
 *
 * @param string $text UTF-8 text.
 * @return int
 */
function magisterium_a2a_utf16_length( $text ) {
	$utf16 = iconv( 'UTF-8', 'UTF-16LE', $text );
	return false === $utf16 ? PHP_INT_MAX : intdiv( strlen( $utf16 ), 2 );
}

/**
 * One log line: origin, skill, day, cache, upstream status, status, duration; never the token.
 *
 * @param string $method The request's method.
 * @param mixed  $origin Its Origin header.
 * @param array  $seen   What the pipeline saw.
 * @param int    $status The answer's status.
 * @param float  $ms     How long it took.
 * @return string
 */
function magisterium_a2a_log_line( $method, $origin, $seen, $status, $ms ) {
	$fields = array(
		'method'   => $method,
		'origin'   => $origin,
		'skill'    => $seen['skill'],
		'day'      => $seen['day'],
		'cache'    => $seen['cache'],
		'upstream' => $seen['upstream'],
		'status'   => $status,
		'ms'       => (int) round( $ms ),
	);
	$words  = array();
	foreach ( $fields as $name => $value ) {
		$words[] = $name . '=' . magisterium_a2a_log_value( $value );
	}
	return implode( ' ', $words );
}

/**
 * A value as a log word: `-` when absent, quoted when it is not plain (a visitor may send anything).
 *
 * @param mixed $value The value.
 * @return string
 */
function magisterium_a2a_log_value( $value ) {
	if ( null === $value ) {
		return '-';
	}
	$text = is_scalar( $value ) ? (string) $value : wp_json_encode( $value );
	if ( preg_match( '/^[\w.:\/+-]{1,100}$/D', $text ) ) {
		return $text;
	}
	$cut = iconv( 'UTF-16LE', 'UTF-8', substr( (string) iconv( 'UTF-8', 'UTF-16LE//IGNORE', $text ), 0, 200 ) );
	return wp_json_encode( (string) $cut, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
}
