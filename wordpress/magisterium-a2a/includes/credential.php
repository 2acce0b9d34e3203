<?php
/**
 * The credential the route calls the service with: the one place that says
 * which token is sent upstream (today the pasted token of the settings).
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/**
 * The Bearer token to call the service with now, or '' when the site has none.
 *
 * @param array $settings The settings.
 * @return string
 */
function magisterium_a2a_bearer( $settings ) {
	return (string) $settings['token'];
}
