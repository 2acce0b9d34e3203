<?php
/**
 * What the proxy route keeps between requests, in the site's database (or its
 * object cache): each day's answers as transients keyed by the skill and the
 * day, a lock per key so that concurrent misses make one upstream call, and
 * the count of upstream calls made on the parish's day (the budget: a call
 * is counted when it starts and given back unless the service answered).
 *
 * Every entry is made by an upstream call, and the budget bounds those: at
 * most `budget × 8` answers are kept (a day's, and 7 days of stale ones).
 *
 * The lock and the counter are rows of the options table written with one
 * atomic statement each (`INSERT IGNORE`, a conditional `UPDATE`), as
 * WordPress's own upgrader takes its lock: a transient's get-then-set is not
 * atomic, and two PHP workers would both win it.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/** How long an answer is kept: its day, then a week as a stale answer for a 429. */
const MAGISTERIUM_A2A_KEEP_SECONDS = 8 * DAY_IN_SECONDS;
/** A lock older than this was left by a request that died: the next one takes it over. */
const MAGISTERIUM_A2A_LOCK_SECONDS = 20;
/** How often a request waiting for another's upstream call looks again, in microseconds. */
const MAGISTERIUM_A2A_POLL_MICROSECONDS = 50000;

/**
 * The transient name of `$key` (a skill and a day, or a skill, a day and words).
 *
 * @param string $key The cache key.
 * @return string
 */
function magisterium_a2a_entry_name( $key ) {
	return 'magisterium_a2a_' . md5( $key );
}

/**
 * The answer stored for `$key` on `$today`, if any (`$today`: the parish's day, and for words
 * that name no day the service's too, as `magisterium_a2a_answer` makes it).
 *
 * @param string $key   The cache key.
 * @param string $today The parish's today.
 * @return object|array|null
 */
function magisterium_a2a_fresh( $key, $today ) {
	$entry = get_transient( magisterium_a2a_entry_name( $key ) );
	return is_array( $entry ) && $entry['day'] === $today ? magisterium_a2a_decode( $entry['result'] ) : null;
}

/**
 * The answer stored for `$key` on any day, if any (a stale answer for a 429).
 *
 * @param string $key The cache key.
 * @return object|array|null
 */
function magisterium_a2a_stale( $key ) {
	$entry = get_transient( magisterium_a2a_entry_name( $key ) );
	return is_array( $entry ) ? magisterium_a2a_decode( $entry['result'] ) : null;
}

/**
 * Keeps `$result` (a task) for `$key` until the end of `$today`, then as a stale answer.
 *
 * @param string       $key    The cache key.
 * @param string       $today  The parish's today.
 * @param object|array $result The task.
 */
function magisterium_a2a_store( $key, $today, $result ) {
	$entry = array(
		'day'    => $today,
		'result' => wp_json_encode( $result ),
	);
	set_transient( magisterium_a2a_entry_name( $key ), $entry, MAGISTERIUM_A2A_KEEP_SECONDS );
}

/**
 * A stored task's JSON, decoded with its objects kept as objects (`{}` stays `{}`).
 *
 * @param string $json The JSON.
 * @return object|array|null
 */
function magisterium_a2a_decode( $json ) {
	$result = json_decode( (string) $json );
	return is_object( $result ) || is_array( $result ) ? $result : null;
}

/**
 * Takes the lock of `$key` when no live request holds it.
 *
 * @param string $key The cache key.
 * @return bool Whether this request now holds it.
 */
function magisterium_a2a_lock( $key ) {
	global $wpdb;
	$name    = 'magisterium_a2a_lock_' . md5( $key );
	$insert  = "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')";
	$now     = microtime( true );
	$claimed = $wpdb->query( $wpdb->prepare( $insert, $name, (string) $now ) ); // phpcs:ignore WordPress.DB
	if ( 1 === $claimed ) {
		return true;
	}
	$held = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $name ) ); // phpcs:ignore WordPress.DB
	if ( null === $held || (float) $held > $now - MAGISTERIUM_A2A_LOCK_SECONDS ) {
		return false;
	}
	// Left by a request that died: only one of those who see it old removes it.
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s AND option_value = %s", $name, $held ) ); // phpcs:ignore WordPress.DB
	return 1 === $wpdb->query( $wpdb->prepare( $insert, $name, (string) $now ) ); // phpcs:ignore WordPress.DB
}

/**
 * Releases the lock of `$key`.
 *
 * @param string $key The cache key.
 */
function magisterium_a2a_unlock( $key ) {
	global $wpdb;
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s", 'magisterium_a2a_lock_' . md5( $key ) ) ); // phpcs:ignore WordPress.DB
}

/**
 * Waits while another request holds the lock of `$key` (at most the lock's
 * life): the fresh answer it stored, or null when it released the lock without one.
 *
 * @param string $key   The cache key.
 * @param string $today The parish's today.
 * @return object|array|null
 */
function magisterium_a2a_wait_for( $key, $today ) {
	magisterium_a2a_wait_unlocked( $key );
	return magisterium_a2a_fresh_again( $key, $today );
}

/**
 * Waits while another request holds the lock of `$key`, at most the lock's life.
 *
 * @param string $key The lock's key.
 */
function magisterium_a2a_wait_unlocked( $key ) {
	global $wpdb;
	$name  = 'magisterium_a2a_lock_' . md5( $key );
	$until = microtime( true ) + MAGISTERIUM_A2A_LOCK_SECONDS;
	while ( microtime( true ) < $until ) {
		usleep( MAGISTERIUM_A2A_POLL_MICROSECONDS );
		$held = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $name ) ); // phpcs:ignore WordPress.DB
		if ( null === $held ) {
			break;
		}
	}
}

/**
 * `magisterium_a2a_fresh` read again from the database, past what this
 * request's own memory cache says of it (another request may have stored it since).
 *
 * @param string $key   The cache key.
 * @param string $today The parish's today.
 * @return object|array|null
 */
function magisterium_a2a_fresh_again( $key, $today ) {
	$name = magisterium_a2a_entry_name( $key );
	magisterium_a2a_uncache_options( array( '_transient_' . $name, '_transient_timeout_' . $name ) );
	return magisterium_a2a_fresh( $key, $today );
}

/**
 * Makes the next get_option of each of `$names` read the database (another
 * request may have written it since this one read it), unless an object
 * cache shared by all requests holds the options.
 *
 * @param string[] $names The options' names.
 */
function magisterium_a2a_uncache_options( $names ) {
	if ( ! wp_using_ext_object_cache() ) {
		foreach ( array_merge( array( 'notoptions' ), $names ) as $cached ) {
			wp_cache_delete( $cached, 'options' );
		}
	}
}

/**
 * Whether `$today`'s budget has a call left (without spending it).
 *
 * @param string $today  The parish's today.
 * @param int    $budget Calls a parish day.
 * @return bool
 */
function magisterium_a2a_budget_left( $today, $budget ) {
	return magisterium_a2a_spent( $today ) < $budget;
}

/**
 * Spends one upstream call of `$today`'s budget, if any is left.
 *
 * @param string $today  The parish's today.
 * @param int    $budget Calls a parish day.
 * @return bool Whether the call may be made.
 */
function magisterium_a2a_spend( $today, $budget ) {
	global $wpdb;
	$name  = 'magisterium_a2a_spent_' . $today;
	$added = $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, '0', 'no')", $name ) ); // phpcs:ignore WordPress.DB
	if ( 1 === $added ) {
		// A new day: the counters of the others go.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s AND option_name <> %s", $wpdb->esc_like( 'magisterium_a2a_spent_' ) . '%', $name ) ); // phpcs:ignore WordPress.DB
	}
	$spent = $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->options} SET option_value = option_value + 1 WHERE option_name = %s AND option_value + 0 < %d", $name, $budget ) ); // phpcs:ignore WordPress.DB
	return 1 === $spent;
}

/**
 * Gives back one call of `$today`'s budget (a call the service did not
 * answer): one atomic statement, never below 0; nothing when the day's
 * counter is gone (a new day began meanwhile).
 *
 * @param string $today The parish's day the call was counted on.
 */
function magisterium_a2a_give_back( $today ) {
	global $wpdb;
	$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->options} SET option_value = option_value - 1 WHERE option_name = %s AND option_value + 0 > 0", 'magisterium_a2a_spent_' . $today ) ); // phpcs:ignore WordPress.DB
}

/**
 * The calls counted on `$today`'s budget so far.
 *
 * @param string $today The parish's today.
 * @return int
 */
function magisterium_a2a_spent( $today ) {
	global $wpdb;
	return (int) $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", 'magisterium_a2a_spent_' . $today ) ); // phpcs:ignore WordPress.DB
}
