<?php
/**
 * The sentences the admin pages (the settings page's status, the admin
 * notice, the Site Health test, the check's notice) say about the service's
 * health: plain text, with the service's reason quoted as text; each page
 * escapes it when it prints it.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/**
 * An instant (ms since the epoch) in the site's date and time formats and time zone.
 *
 * @param int $ms The instant.
 * @return string
 */
function magisterium_a2a_status_time( $ms ) {
	return wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), (int) floor( $ms / 1000 ) );
}

/**
 * A failure as "HTTP 503: reason" (or "no answer: reason" when the service sent no status).
 *
 * @param array $failure An outcome or a failure record (`upstream`, `error`).
 * @return string
 */
function magisterium_a2a_failure_words( $failure ) {
	$reason = isset( $failure['error']['message'] ) ? (string) $failure['error']['message'] : '';
	$status = isset( $failure['upstream'] ) ? 'HTTP ' . (int) $failure['upstream'] : __( 'no answer', 'magisterium-a2a' );
	return '' === $reason ? $status : $status . ': ' . $reason;
}

/**
 * The service's refusal of the token, and what to do: one sentence, with
 * its time when the refusal record has one.
 *
 * @param array $refused An outcome or the refusal mark (`upstream`, `error`, `at`?).
 * @return string
 */
function magisterium_a2a_refusal_words( $refused ) {
	if ( isset( $refused['at'] ) ) {
		/* translators: 1: the service's answer, e.g. "HTTP 401: Unauthorized"; 2: when. */
		$words = sprintf( __( 'The Magisterium service refused the parish\'s token (%1$s) on %2$s.', 'magisterium-a2a' ), magisterium_a2a_failure_words( $refused ), magisterium_a2a_status_time( $refused['at'] ) );
	} else {
		/* translators: %s: the service's answer, e.g. "HTTP 401: Unauthorized". */
		$words = sprintf( __( 'The Magisterium service refused the parish\'s token (%s).', 'magisterium-a2a' ), magisterium_a2a_failure_words( $refused ) );
	}
	$connection = magisterium_a2a_connection();
	if ( null !== $connection && 'connected' === $connection['state'] ) {
		return $words . ' ' . __( 'The widgets tell visitors the service refused them, and the site asks the service nothing more until its access token renews. If the Magisterium account has no paid plan (HTTP 403), or the refusal stays, Disconnect and connect again with an account that has one.', 'magisterium-a2a' );
	}
	return $words . ' ' . __( 'The widgets tell visitors the service refused them, and the site asks the service nothing more, until a new token is saved in Settings → Magisterium.', 'magisterium-a2a' );
}
