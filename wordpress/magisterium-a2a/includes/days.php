<?php
/**
 * Calendar days in the parish's time zone, and the date words the route
 * resolves to one, as the package's proxy does (proxy/day.js): every
 * visitor's "today" (or "next Sunday") is the same day, so the same cache
 * entry. `Sunday` and `this Sunday` are the next one, today included;
 * `next Sunday` is strictly after today, `last Sunday` strictly before.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/**
 * The calendar day (`Y-m-d`) of the instant `$ms` (milliseconds since the epoch) in `$zone`.
 *
 * @param int          $ms   The instant.
 * @param DateTimeZone $zone The parish's zone.
 * @return string
 */
function magisterium_a2a_day_at( $ms, $zone ) {
	return magisterium_a2a_instant( $ms )->setTimezone( $zone )->format( 'Y-m-d' );
}

/**
 * The whole seconds from `$ms` to the next midnight in `$zone` (at least 1).
 *
 * @param int          $ms   The instant.
 * @param DateTimeZone $zone The parish's zone.
 * @return int
 */
function magisterium_a2a_seconds_to_midnight( $ms, $zone ) {
	$midnight = magisterium_a2a_instant( $ms )->setTimezone( $zone )->modify( 'tomorrow' );
	return max( 1, (int) ceil( ( $midnight->getTimestamp() * 1000 - $ms ) / 1000 ) );
}

/**
 * `$ms` as a DateTimeImmutable (UTC).
 *
 * @param int $ms Milliseconds since the epoch.
 * @return DateTimeImmutable
 */
function magisterium_a2a_instant( $ms ) {
	return new DateTimeImmutable( '@' . (int) floor( $ms / 1000 ) );
}

/**
 * `$text` lower-cased, its spaces collapsed, trailing `.?!` dropped: how the service reads a date query.
 *
 * @param string $text What the visitor sent.
 * @return string
 */
function magisterium_a2a_normalize_query( $text ) {
	$query = preg_replace( '/\s+/u', ' ', strtolower( magisterium_a2a_trim( $text ) ) );
	return preg_replace( '/[.?!]+$/', '', $query );
}

/**
 * `$text` without the white space around it (Unicode's, as JavaScript's trim).
 *
 * @param string $text The text.
 * @return string
 */
function magisterium_a2a_trim( $text ) {
	return preg_replace( '/^[\s\x{feff}]+|[\s\x{feff}]+$/u', '', $text );
}

/**
 * The calendar day `$query` (normalized) names, counted from `$today`: null
 * for words this resolver does not read (a feast, a month and day), false for
 * `YYYY-MM-DD` that is no day (`2026-02-30`).
 *
 * @param string $query The normalized query.
 * @param string $today The parish's today, `Y-m-d`.
 * @return string|null|false
 */
function magisterium_a2a_resolve_day( $query, $today ) {
	$relative = array(
		'today'     => 0,
		'tomorrow'  => 1,
		'yesterday' => -1,
	);
	if ( isset( $relative[ $query ] ) ) {
		return magisterium_a2a_add_days( $today, $relative[ $query ] );
	}
	if ( preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/', $query, $m ) ) {
		return checkdate( (int) $m[2], (int) $m[3], (int) $m[1] ) ? $query : false;
	}
	$weekdays             = array( 'sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday' );
	$words                = explode( ' ', $query );
	list( $which, $name ) = 1 === count( $words ) ? array( 'this', $words[0] ) : array_pad( $words, 2, '' );
	$target               = array_search( $name, $weekdays, true );
	if ( count( $words ) > 2 || false === $target || ! in_array( $which, array( 'this', 'next', 'last' ), true ) ) {
		return null;
	}
	$current = (int) magisterium_a2a_utc_day( $today )->format( 'w' );
	$ahead   = ( $target - $current + 7 ) % 7;
	$behind  = ( $current - $target + 7 ) % 7;
	$offsets = array(
		'this' => $ahead,
		'next' => $ahead ? $ahead : 7,
		'last' => -( $behind ? $behind : 7 ),
	);
	return magisterium_a2a_add_days( $today, $offsets[ $which ] );
}

/**
 * The days from `$from` to `$to` (both `Y-m-d`), negative when `$to` is before.
 *
 * @param string $from A day.
 * @param string $to   Another.
 * @return int
 */
function magisterium_a2a_days_between( $from, $to ) {
	return (int) round( ( magisterium_a2a_utc_day( $to )->getTimestamp() - magisterium_a2a_utc_day( $from )->getTimestamp() ) / DAY_IN_SECONDS );
}

/**
 * `$day` plus `$days`.
 *
 * @param string $day  The day, `Y-m-d`.
 * @param int    $days Days to add (or take away).
 * @return string
 */
function magisterium_a2a_add_days( $day, $days ) {
	return magisterium_a2a_utc_day( $day )->modify( sprintf( '%+d days', $days ) )->format( 'Y-m-d' );
}

/**
 * Midnight UTC of `$day`.
 *
 * @param string $day The day, `Y-m-d`.
 * @return DateTimeImmutable
 */
function magisterium_a2a_utc_day( $day ) {
	return new DateTimeImmutable( $day . 'T00:00:00Z' );
}

/**
 * The service's day at `$now` (ms), from which it reads words such as
 * "Christmas": UTC's, as the simulator's (the contract names no time zone).
 * Words' answers are kept only while both it and the parish's day last.
 *
 * @param int $now The clock, in ms.
 * @return string `Y-m-d`.
 */
function magisterium_a2a_service_day( $now ) {
	return gmdate( 'Y-m-d', intdiv( $now, 1000 ) );
}
