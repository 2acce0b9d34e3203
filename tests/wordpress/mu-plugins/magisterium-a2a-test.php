<?php
/**
 * Test-only, installed by the tests' harness and never shipped: the proxy
 * route's clock reads the file `clock` of this site's test folder (the tests
 * set it), and its log lines go to the file `log` there.
 *
 * @package MagisteriumA2a
 */

add_filter(
	'magisterium_a2a_now',
	function ( $now ) {
		$clock = MAGISTERIUM_A2A_TEST_DIR . '/clock';
		return is_file( $clock ) ? (int) file_get_contents( $clock ) : $now;
	}
);

add_action(
	'magisterium_a2a_log',
	function ( $line ) {
		file_put_contents( MAGISTERIUM_A2A_TEST_DIR . '/log', $line . "\n", FILE_APPEND | LOCK_EX );
	}
);
