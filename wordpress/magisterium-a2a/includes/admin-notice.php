<?php
/**
 * An admin notice, on every admin page and to `manage_options` users only,
 * while the service refuses the parish's token (a 401 or 403): the person
 * who can fix it is told at once, not by a parishioner.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

add_action( 'admin_notices', 'magisterium_a2a_refusal_notice' );

/** Prints the notice when the token sent upstream is the one the service refused. */
function magisterium_a2a_refusal_notice() {
	$screen = get_current_screen();
	// Settings → Magisterium says it in its status already.
	if ( ! current_user_can( 'manage_options' ) || ( $screen && 'settings_page_' . MAGISTERIUM_A2A_PAGE === $screen->id ) ) {
		return;
	}
	$token = magisterium_a2a_bearer( magisterium_a2a_settings() );
	if ( '' === $token ) {
		return;
	}
	$refused = magisterium_a2a_record_of( magisterium_a2a_upstream_status(), 'refused', $token );
	if ( null === $refused ) {
		return;
	}
	$url = admin_url( 'options-general.php?page=' . MAGISTERIUM_A2A_PAGE );
	printf(
		'<div class="notice notice-error magisterium-a2a-refused"><p>%s <a href="%s">%s</a></p></div>',
		esc_html( magisterium_a2a_refusal_words( $refused ) ),
		esc_url( $url ),
		esc_html__( 'Settings → Magisterium', 'magisterium-a2a' )
	);
}
