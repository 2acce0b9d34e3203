<?php
/**
 * The credential the route calls the service with: the one place that says
 * which token is sent upstream. A site connected to Magisterium (Settings →
 * Magisterium → Connect) sends its connection's access token, renewed when
 * due, and nothing once the connection has ended; a site never connected
 * sends the token pasted in the settings (the advanced choice).
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
	$connection = magisterium_a2a_connection();
	return null === $connection ? (string) $settings['token'] : magisterium_a2a_connection_token( $connection );
}
