<?php
/**
 * The router of `php -S` for the throw-away WordPress of the tests and of
 * `cargo xtask wordpress`: files of WordPress itself are served as they are,
 * files under /wp-content/ from the site's own content folder, everything
 * else by WordPress's index.php (so /wp-json/… routes work), with Debian's
 * wp-config.php pointed at this run's config file.
 *
 * @package MagisteriumA2a
 */

$_SERVER['WORDPRESS_CONFIG'] = getenv( 'MAGISTERIUM_WP_CONFIG' );
$magisterium_path            = (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH );
$magisterium_content         = getenv( 'MAGISTERIUM_WP_CONTENT' );
if ( 0 === strpos( $magisterium_path, '/wp-content/' ) ) {
	$magisterium_file = realpath( $magisterium_content . substr( $magisterium_path, strlen( '/wp-content' ) ) );
	if ( false === $magisterium_file || 0 !== strpos( $magisterium_file, realpath( $magisterium_content ) . '/' ) || ! is_file( $magisterium_file ) || '.php' === substr( $magisterium_file, -4 ) ) {
		http_response_code( 404 );
		return true;
	}
	$magisterium_types = array(
		'js'   => 'text/javascript',
		'mjs'  => 'text/javascript',
		'wasm' => 'application/wasm',
		'css'  => 'text/css',
		'json' => 'application/json',
		'svg'  => 'image/svg+xml',
		'png'  => 'image/png',
	);
	$magisterium_ext   = pathinfo( $magisterium_file, PATHINFO_EXTENSION );
	header( 'Content-Type: ' . ( isset( $magisterium_types[ $magisterium_ext ] ) ? $magisterium_types[ $magisterium_ext ] : 'application/octet-stream' ) );
	readfile( $magisterium_file );
	return true;
}
if ( '/' !== $magisterium_path && file_exists( getcwd() . $magisterium_path ) ) {
	return false;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
require 'index.php';
return true;
