<?php
/**
 * A Site Health test (Tools → Site Health, a direct test: it reads what the
 * route recorded and makes no upstream call): critical while the service
 * refuses the parish's token, recommended while no token is set, good
 * otherwise, with the last upstream failure when there is one.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

add_filter( 'site_status_tests', 'magisterium_a2a_add_health_test' );

/**
 * Adds the test to Site Health's direct tests.
 *
 * @param array $tests The tests.
 * @return array
 */
function magisterium_a2a_add_health_test( $tests ) {
	$tests['direct']['magisterium_a2a_token'] = array(
		'label' => __( 'The Magisterium service accepts the parish\'s token', 'magisterium-a2a' ),
		'test'  => 'magisterium_a2a_health_test',
	);
	return $tests;
}

/**
 * The test's result, as Site Health reads it.
 *
 * @return array
 */
function magisterium_a2a_health_test() {
	$settings = magisterium_a2a_settings();
	$status   = magisterium_a2a_upstream_status();
	$token    = magisterium_a2a_bearer( $settings );
	$refused  = '' === $token ? null : magisterium_a2a_record_of( $status, 'refused', $token );
	$result   = array(
		'label'       => __( 'The Magisterium service accepts the parish\'s token', 'magisterium-a2a' ),
		'status'      => 'good',
		'badge'       => array(
			'label' => __( 'Magisterium', 'magisterium-a2a' ),
			'color' => 'blue',
		),
		'description' => '<p>' . esc_html( magisterium_a2a_token_state( $settings, $status ) ) . '</p>',
		'actions'     => '<p><a href="' . esc_url( admin_url( 'options-general.php?page=' . MAGISTERIUM_A2A_PAGE ) ) . '">' . esc_html__( 'Settings → Magisterium', 'magisterium-a2a' ) . '</a></p>',
		'test'        => 'magisterium_a2a_token',
	);
	if ( '' === $token ) {
		$result['status'] = 'recommended';
		$result['label']  = __( 'The Magisterium widgets are not connected: no token is set', 'magisterium-a2a' );
	} elseif ( null !== $refused ) {
		$result['status']         = 'critical';
		$result['label']          = __( 'The Magisterium service refuses the parish\'s token', 'magisterium-a2a' );
		$result['badge']['color'] = 'red';
	}
	if ( is_array( $status['failure'] ) && null === $refused ) {
		/* translators: %s: the last failure, its time and the service's reason. */
		$result['description'] .= '<p>' . esc_html( sprintf( __( 'Last upstream failure: %s', 'magisterium-a2a' ), magisterium_a2a_last_failure_words( $status ) ) ) . '</p>';
	}
	return $result;
}
