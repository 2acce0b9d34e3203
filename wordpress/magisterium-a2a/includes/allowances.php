<?php
/**
 * What the route may spend beyond the budget's own bound, as the package's
 * proxy does (docs/proxy.md, "What protects the token"): a reserve of the
 * day's budget that only the site's own keys may spend (yesterday, today and
 * tomorrow for both skills, and every date a shortcode or block of the site
 * names, recorded when it renders), a share of it for words that name no day,
 * and a day's allowance per client where a header names the client. The day's
 * counts are rows of the options table written with one atomic statement
 * each, as the budget's are (day-cache.php).
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/** The option listing the date texts the site's shortcodes and blocks name (not autoloaded). */
const MAGISTERIUM_A2A_PAGE_DATES_OPTION = 'magisterium_a2a_page_dates';
/** The most date texts recorded from the site's pages. */
const MAGISTERIUM_A2A_MAX_PAGE_DATES = 50;
/** The prefix of the day's counters (the words' share, each client's allowance). */
const MAGISTERIUM_A2A_DAILY_PREFIX = 'magisterium_a2a_daily_';

/**
 * The calls of the day's budget only the site's own keys may spend: the setting, else a fifth of the budget.
 *
 * @param array $settings The settings.
 * @return int
 */
function magisterium_a2a_reserve( $settings ) {
	$budget = (int) $settings['upstream_budget'];
	return null === $settings['reserve'] ? intdiv( $budget, 5 ) : min( (int) $settings['reserve'], $budget );
}

/**
 * Records a date text a shortcode or block of the site names, so that its day may spend the reserve.
 *
 * @param string $date The element's `date`, as written on the page.
 */
function magisterium_a2a_note_page_date( $date ) {
	$text  = magisterium_a2a_normalize_query( $date );
	$known = magisterium_a2a_page_dates();
	if ( '' === $text || in_array( $text, $known, true ) || count( $known ) >= MAGISTERIUM_A2A_MAX_PAGE_DATES || strlen( $text ) > MAGISTERIUM_A2A_MAX_DATE_LENGTH ) {
		return;
	}
	$known[] = $text;
	update_option( MAGISTERIUM_A2A_PAGE_DATES_OPTION, $known, false );
}

/**
 * The date texts the site's pages name (normalized).
 *
 * @return string[]
 */
function magisterium_a2a_page_dates() {
	$dates = get_option( MAGISTERIUM_A2A_PAGE_DATES_OPTION, array() );
	return is_array( $dates ) ? array_values( array_filter( $dates, 'is_string' ) ) : array();
}

/**
 * Whether a miss is one of the site's own keys: a day from yesterday to tomorrow, or one (or the words) a page names.
 *
 * @param string|null $day   The day, `Y-m-d`, or null for words.
 * @param string      $query The normalized words.
 * @param string      $today The parish's today.
 * @return bool
 */
function magisterium_a2a_is_own( $day, $query, $today ) {
	$named = magisterium_a2a_page_dates();
	if ( null === $day ) {
		return in_array( $query, $named, true );
	}
	if ( abs( magisterium_a2a_days_between( $today, $day ) ) <= 1 ) {
		return true;
	}
	foreach ( $named as $text ) {
		if ( magisterium_a2a_resolve_day( $text, $today ) === $day ) {
			return true;
		}
	}
	return false;
}

/**
 * The row of `$counter`'s count on `$day`.
 *
 * @param string $counter The counter: `words`, or `client_` and the client's hash.
 * @param string $day     The parish's day.
 * @return string
 */
function magisterium_a2a_daily_row( $counter, $day ) {
	return MAGISTERIUM_A2A_DAILY_PREFIX . $day . '_' . $counter;
}

/**
 * Counts one for `$counter` on `$day` if fewer than `$limit` were counted, atomically for every PHP worker.
 *
 * @param string $counter The counter (see magisterium_a2a_daily_row).
 * @param string $day     The parish's day.
 * @param int    $limit   The most a day.
 * @return bool Whether it counted.
 */
function magisterium_a2a_count_up( $counter, $day, $limit ) {
	global $wpdb;
	$name  = magisterium_a2a_daily_row( $counter, $day );
	$added = $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, '0', 'no')", $name ) ); // phpcs:ignore WordPress.DB
	if ( 1 === $added ) {
		// A counter of a new day: those of the days before go.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s AND option_name NOT LIKE %s", $wpdb->esc_like( MAGISTERIUM_A2A_DAILY_PREFIX ) . '%', $wpdb->esc_like( MAGISTERIUM_A2A_DAILY_PREFIX . $day . '_' ) . '%' ) ); // phpcs:ignore WordPress.DB
	}
	return 1 === $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->options} SET option_value = option_value + 1 WHERE option_name = %s AND option_value + 0 < %d", $name, $limit ) ); // phpcs:ignore WordPress.DB
}

/**
 * Gives back one counted for `$counter` on `$day` (a call not made, or not answered).
 *
 * @param string $counter The counter.
 * @param string $day     The parish's day.
 */
function magisterium_a2a_count_down( $counter, $day ) {
	global $wpdb;
	$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->options} SET option_value = option_value - 1 WHERE option_name = %s AND option_value + 0 > 0", magisterium_a2a_daily_row( $counter, $day ) ) ); // phpcs:ignore WordPress.DB
}

/**
 * The day's counters a miss takes (the words' share for words, the client's allowance where a client is named).
 *
 * @param array $ask The miss (see magisterium_a2a_once).
 * @return array Counter name → its limit a day.
 */
function magisterium_a2a_daily_counters( $ask ) {
	$settings = $ask['settings'];
	$counters = array();
	if ( null === $ask['day'] ) {
		$counters['words'] = (int) $settings['words_per_day'];
	}
	if ( null !== $ask['client'] ) {
		$counters[ 'client_' . md5( $ask['client'] ) ] = (int) $settings['client_daily_misses'];
	}
	return $counters;
}

/**
 * Takes one from each of the miss's day counters: null, or the refusal of the first one that is spent (what the others gave is given back).
 *
 * @param array $ask  The miss.
 * @param array $seen The log's fields, filled in.
 * @return array|null
 */
function magisterium_a2a_take_daily( $ask, &$seen ) {
	$taken = array();
	foreach ( magisterium_a2a_daily_counters( $ask ) as $counter => $limit ) {
		if ( ! magisterium_a2a_count_up( $counter, $ask['today'], $limit ) ) {
			foreach ( $taken as $given ) {
				magisterium_a2a_count_down( $given, $ask['today'] );
			}
			$why = 'words' === $counter ? "the parish's share of questions that name no day is spent for today" : "this client's new questions for today are spent";
			return magisterium_a2a_refusal( 'words' === $counter ? 'words' : 'client', magisterium_a2a_seconds_to_midnight( $ask['now'], $ask['zone'] ), $why, $seen );
		}
		$taken[] = $counter;
	}
	return null;
}

/**
 * Gives back what magisterium_a2a_take_daily took for a miss whose call was not made or not answered.
 *
 * @param array $ask The miss.
 */
function magisterium_a2a_give_back_daily( $ask ) {
	foreach ( array_keys( magisterium_a2a_daily_counters( $ask ) ) as $counter ) {
		magisterium_a2a_count_down( $counter, $ask['today'] );
	}
}
