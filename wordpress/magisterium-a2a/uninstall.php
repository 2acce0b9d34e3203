<?php
/**
 * Removes what the plugin stored, on every site of a network: the connection
 * to Magisterium (its grant revoked first, as Disconnect does), its settings,
 * its registered clients, its day counters and locks, its cached answers
 * (transients) and its WP-Cron event.
 *
 * @package MagisteriumA2a
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

// The plugin is inactive here: what Disconnect needs is loaded from its files.
foreach ( array( 'settings', 'upstream', 'day-cache', 'oauth-server', 'connection' ) as $magisterium_a2a_file ) {
	require_once __DIR__ . '/includes/' . $magisterium_a2a_file . '.php';
}

/**
 * Removes what the plugin stored on the current site.
 */
function magisterium_a2a_uninstall_site() {
	global $wpdb;
	magisterium_a2a_disconnect();
	delete_option( 'magisterium_a2a_settings' );
	wp_clear_scheduled_hook( 'magisterium_a2a_prefetch' );
	// Counters, locks and transients all carry the plugin's prefix; there is no API listing them.
	$wpdb->query( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$wpdb->prepare(
			"DELETE FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s OR option_name LIKE %s",
			$wpdb->esc_like( 'magisterium_a2a_' ) . '%',
			$wpdb->esc_like( '_transient_magisterium_a2a_' ) . '%',
			$wpdb->esc_like( '_transient_timeout_magisterium_a2a_' ) . '%'
		)
	);
}

if ( is_multisite() ) {
	foreach ( get_sites(
		array(
			'fields' => 'ids',
			'number' => 0,
		)
	) as $magisterium_a2a_site ) {
		switch_to_blog( $magisterium_a2a_site );
		magisterium_a2a_uninstall_site();
		restore_current_blog();
	}
} else {
	magisterium_a2a_uninstall_site();
}
