<?php
/**
 * Today's answers fetched ahead of any visitor, soon after the parish's
 * midnight, by WP-Cron: one event a day, a minute past midnight in the
 * parish's time zone, asking for today's answer of each skill served as the
 * site's own page would (from the reserve; an answer already kept costs
 * nothing). WP-Cron runs when the site is visited, so on a quiet site the
 * event runs with the first visit after midnight (or at the time a system
 * cron requests wp-cron.php): docs/wordpress.md.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/** The WP-Cron event that fetches today's answers. */
const MAGISTERIUM_A2A_PREFETCH_EVENT = 'magisterium_a2a_prefetch';
/** How long after the parish's midnight the event runs, in seconds. */
const MAGISTERIUM_A2A_PREFETCH_DELAY = 60;

add_action( 'init', 'magisterium_a2a_schedule_prefetch' );
add_action( MAGISTERIUM_A2A_PREFETCH_EVENT, 'magisterium_a2a_prefetch' );
register_deactivation_hook( MAGISTERIUM_A2A_FILE, 'magisterium_a2a_unschedule_prefetch' );

/** Removes the scheduled prefetch (the plugin is deactivated). */
function magisterium_a2a_unschedule_prefetch() {
	wp_clear_scheduled_hook( MAGISTERIUM_A2A_PREFETCH_EVENT );
}

/** Schedules the next prefetch, a minute past the parish's next midnight, unless one is scheduled. */
function magisterium_a2a_schedule_prefetch() {
	if ( wp_next_scheduled( MAGISTERIUM_A2A_PREFETCH_EVENT ) ) {
		return;
	}
	$now = magisterium_a2a_now();
	$at  = intdiv( $now, 1000 ) + magisterium_a2a_seconds_to_midnight( $now, magisterium_a2a_time_zone( magisterium_a2a_settings() ) ) + MAGISTERIUM_A2A_PREFETCH_DELAY;
	wp_schedule_single_event( $at, MAGISTERIUM_A2A_PREFETCH_EVENT );
}

/**
 * Fetches today's answer of each skill served that is not kept yet, then schedules the next day's.
 *
 * @return array Each skill's HTTP status (200: kept or answered), as the package's `prefetch()` resolves.
 */
function magisterium_a2a_prefetch() {
	$settings = magisterium_a2a_settings();
	$done     = array();
	foreach ( $settings['skills'] as $skill ) {
		$now  = magisterium_a2a_now();
		$ask  = magisterium_a2a_miss( $settings, $skill, magisterium_a2a_asked( $skill, 'today', $now, $settings ), $now, null );
		$seen = array(
			'skill'    => $skill,
			'day'      => $ask['day'],
			'cache'    => 'hit',
			'upstream' => null,
		);
		if ( null === magisterium_a2a_fresh( $ask['key'], $ask['fresh_on'] ) ) {
			$outcome        = magisterium_a2a_once( $ask, $seen );
			$done[ $skill ] = isset( $outcome['result'] ) ? 200 : $outcome['status'];
			/** This action is documented in includes/rest-route.php. */
			do_action( 'magisterium_a2a_log', magisterium_a2a_log_line( 'CRON', null, $seen, $done[ $skill ], 0 ) );
		} else {
			$done[ $skill ] = 200;
		}
	}
	magisterium_a2a_schedule_prefetch();
	return $done;
}
