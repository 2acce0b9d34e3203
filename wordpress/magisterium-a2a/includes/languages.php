<?php
/**
 * The plugin's admin strings in the site's language: the translations it
 * ships in languages/ (a .mo per locale, compiled from the checked-in .po
 * files by the build; translate.wordpress.org's language packs, once the
 * plugin is in the directory, take precedence), loaded on init before the
 * blocks register their titles.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

add_action( 'init', 'magisterium_a2a_load_textdomain', 0 );

/** Loads the plugin's translations for the site's locale from its languages/ folder. */
function magisterium_a2a_load_textdomain() {
	load_plugin_textdomain( 'magisterium-a2a', false, dirname( plugin_basename( MAGISTERIUM_A2A_FILE ) ) . '/languages' );
}
