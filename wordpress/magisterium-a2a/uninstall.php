<?php
/**
 * Removes what the plugin stored: its settings, its day counters and locks,
 * its cached answers (transients) and its WP-Cron event.
 *
 * @package MagisteriumA2a
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'magisterium_a2a_settings' );
wp_clear_scheduled_hook( 'magisterium_a2a_prefetch' );
global $wpdb;
// Counters, locks and transients all carry the plugin's prefix; there is no API listing them.
$wpdb->query( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	$wpdb->prepare(
		"DELETE FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s OR option_name LIKE %s",
		$wpdb->esc_like( 'magisterium_a2a_' ) . '%',
		$wpdb->esc_like( '_transient_magisterium_a2a_' ) . '%',
		$wpdb->esc_like( '_transient_timeout_magisterium_a2a_' ) . '%'
	)
);
