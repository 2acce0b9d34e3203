<?php
/**
 * "Connect to Magisterium" on Settings → Magisterium: the administrator's
 * side of the authorization code flow with PKCE (S256), as the package's
 * sign-in makes it in a browser, from wp-admin.
 *
 * Connect (admin-post.php, `magisterium_a2a_connect`, a nonce and
 * `manage_options`) reads the server's metadata, finds the site's client and
 * sends the administrator to the consent page with a `state` bound to their
 * session (a WordPress nonce, beside a random part kept with the PKCE
 * verifier in a ten-minute transient of theirs); the server sends them back
 * to the exact redirect URI `admin-post.php?action=magisterium_a2a_callback`,
 * where the state, the nonce and the `iss` are checked before the code is
 * exchanged. Disconnect (`magisterium_a2a_disconnect`) revokes and deletes.
 * What the server or a check said reaches the page as text, once.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/** The action of the callback, part of the exact redirect URI. */
const MAGISTERIUM_A2A_CALLBACK_ACTION = 'magisterium_a2a_callback';
/** How long a connection started may take to come back, in seconds. */
const MAGISTERIUM_A2A_PENDING_SECONDS = 600;

add_action( 'admin_post_magisterium_a2a_connect', 'magisterium_a2a_handle_connect' );
add_action( 'admin_post_' . MAGISTERIUM_A2A_CALLBACK_ACTION, 'magisterium_a2a_handle_callback' );
add_action( 'admin_post_magisterium_a2a_disconnect', 'magisterium_a2a_handle_disconnect' );

/**
 * The exact redirect URI of the site's client: an admin page of the plugin.
 *
 * @return string
 */
function magisterium_a2a_redirect_uri() {
	return admin_url( 'admin-post.php?action=' . MAGISTERIUM_A2A_CALLBACK_ACTION );
}

/**
 * Random text for a `state` or a PKCE verifier: 32 random bytes, base64url.
 *
 * @return string
 */
function magisterium_a2a_random_text() {
	return magisterium_a2a_base64url( random_bytes( 32 ) );
}

/**
 * `$bytes` in base64url without padding (RFC 7636's encoding).
 *
 * @param string $bytes The bytes.
 * @return string
 */
function magisterium_a2a_base64url( $bytes ) {
	return rtrim( strtr( base64_encode( $bytes ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- PKCE's encoding, not obfuscation.
}

/**
 * The name of the transient holding the current administrator's connection under way.
 *
 * @return string
 */
function magisterium_a2a_pending_name() {
	return 'magisterium_a2a_pending_' . get_current_user_id();
}

/**
 * Stops unless the current user may manage options and `$action`'s nonce was sent.
 *
 * @param string $action The nonce's action.
 */
function magisterium_a2a_admin_action( $action ) {
	if ( ! current_user_can( 'manage_options' ) ) {
		wp_die( esc_html__( 'Sorry, you are not allowed to manage the connection to Magisterium.', 'magisterium-a2a' ), 403 );
	}
	check_admin_referer( $action );
}

/**
 * Back to the settings page, saying `$text` once above the connection (`success` or `error`).
 *
 * @param string $kind Either `success` or `error`.
 * @param string $text What to say, as text.
 */
function magisterium_a2a_back_to_settings( $kind, $text ) {
	set_transient(
		'magisterium_a2a_notice_' . get_current_user_id(),
		array(
			'kind' => $kind,
			'text' => $text,
		),
		MAGISTERIUM_A2A_PENDING_SECONDS
	);
	wp_safe_redirect( admin_url( 'options-general.php?page=' . MAGISTERIUM_A2A_PAGE ) );
	exit;
}

/**
 * "Connect to Magisterium": to the authorization server's consent page.
 */
function magisterium_a2a_handle_connect() {
	magisterium_a2a_admin_action( 'magisterium_a2a_connect' );
	$given = isset( $_POST['client_id'] ) ? trim( sanitize_text_field( wp_unslash( $_POST['client_id'] ) ) ) : '';
	if ( strlen( $given ) > 200 || preg_match( '/\s/', $given ) ) {
		magisterium_a2a_back_to_settings( 'error', __( 'A client ID holds no spaces and at most 200 characters.', 'magisterium-a2a' ) );
	}
	$server = magisterium_a2a_oauth_metadata( magisterium_a2a_issuer( magisterium_a2a_settings() ) );
	$client = is_wp_error( $server ) ? $server : magisterium_a2a_oauth_client( $server, magisterium_a2a_redirect_uri(), $given );
	if ( is_wp_error( $client ) ) {
		/* translators: %s: what went wrong. */
		magisterium_a2a_back_to_settings( 'error', sprintf( __( 'Could not connect: %s.', 'magisterium-a2a' ), $client->get_error_message() ) );
	}
	$verifier = magisterium_a2a_random_text();
	$random   = magisterium_a2a_random_text();
	$pending  = array(
		'state'     => $random,
		'verifier'  => $verifier,
		'client_id' => $client,
		'given'     => '' !== $given,
		'server'    => $server,
	);
	set_transient( magisterium_a2a_pending_name(), $pending, MAGISTERIUM_A2A_PENDING_SECONDS );
	$params = array(
		'response_type'         => 'code',
		'client_id'             => $client,
		'redirect_uri'          => magisterium_a2a_redirect_uri(),
		'state'                 => $random . '.' . wp_create_nonce( MAGISTERIUM_A2A_CALLBACK_ACTION ),
		'code_challenge'        => magisterium_a2a_base64url( hash( 'sha256', $verifier, true ) ),
		'code_challenge_method' => 'S256',
	);
	$join   = false === strpos( $server['authorization_endpoint'], '?' ) ? '?' : '&';
	// The authorization server is another site: wp_safe_redirect would refuse it. Its URL passed magisterium_a2a_oauth_metadata's checks.
	wp_redirect( $server['authorization_endpoint'] . $join . http_build_query( $params, '', '&', PHP_QUERY_RFC3986 ) ); // phpcs:ignore WordPress.Security.SafeRedirect
	exit;
}

/**
 * The redirect URI: the authorization server's answer, checked, and its code exchanged.
 */
function magisterium_a2a_handle_callback() {
	if ( ! current_user_can( 'manage_options' ) ) {
		wp_die( esc_html__( 'Sorry, you are not allowed to manage the connection to Magisterium.', 'magisterium-a2a' ), 403 );
	}
	$pending = get_transient( magisterium_a2a_pending_name() );
	delete_transient( magisterium_a2a_pending_name() );
	// phpcs:disable WordPress.Security.NonceVerification -- the state carries the nonce, checked here.
	$field = function ( $name ) {
		// As sent (a code is opaque: sanitize_text_field could change it), if it is plain text of a bounded length.
		$value = isset( $_GET[ $name ] ) && is_string( $_GET[ $name ] ) ? wp_unslash( $_GET[ $name ] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
		return strlen( $value ) <= 2048 && preg_match( '/^[\x21-\x7e]*$/D', $value ) ? $value : '';
	};
	// phpcs:enable
	$state = explode( '.', $field( 'state' ), 2 );
	$bound = is_array( $pending ) && 2 === count( $state ) && hash_equals( $pending['state'], $state[0] ) && wp_verify_nonce( $state[1], MAGISTERIUM_A2A_CALLBACK_ACTION );
	if ( ! $bound ) {
		magisterium_a2a_back_to_settings( 'error', __( 'Could not connect: the answer does not belong to a connection this administrator started in the last ten minutes. Try again.', 'magisterium-a2a' ) );
	}
	$server   = $pending['server'];
	$iss      = $field( 'iss' );
	$iss_said = ! empty( $server['authorization_response_iss_parameter_supported'] );
	if ( ( '' !== $iss || $iss_said ) && $iss !== $server['issuer'] ) {
		magisterium_a2a_back_to_settings( 'error', __( 'Could not connect: the answer does not come from the authorization server asked (iss).', 'magisterium-a2a' ) );
	}
	if ( '' !== $field( 'error' ) ) {
		/* translators: %s: the OAuth error code, e.g. access_denied. */
		magisterium_a2a_back_to_settings( 'error', sprintf( __( 'Not connected: the authorization server answered %s.', 'magisterium-a2a' ), substr( $field( 'error' ), 0, 100 ) ) );
	}
	$answer = magisterium_a2a_token_request(
		$server['token_endpoint'],
		array(
			'grant_type'    => 'authorization_code',
			'code'          => $field( 'code' ),
			'redirect_uri'  => magisterium_a2a_redirect_uri(),
			'client_id'     => $pending['client_id'],
			'code_verifier' => $pending['verifier'],
		)
	);
	if ( is_wp_error( $answer ) || isset( $answer['error'] ) ) {
		if ( ! is_wp_error( $answer ) && 'invalid_client' === $answer['error'] && ! $pending['given'] ) {
			magisterium_a2a_forget_client( $server['issuer'], magisterium_a2a_redirect_uri() );
		}
		$why = is_wp_error( $answer ) ? $answer->get_error_message() : $answer['error'];
		/* translators: %s: what went wrong. */
		magisterium_a2a_back_to_settings( 'error', sprintf( __( 'Could not connect: the code was not exchanged for a token (%s).', 'magisterium-a2a' ), $why ) );
	}
	// A grant made before is revoked: the site holds one.
	magisterium_a2a_disconnect();
	magisterium_a2a_connect_with( $server, $pending['client_id'], $answer['tokens'] );
	// The new token is checked at once with one call (includes/token-check.php): a refusal is said here, not later.
	$check = magisterium_a2a_check_token( magisterium_a2a_settings() );
	if ( null !== $check && magisterium_a2a_token_refused( $check ) ) {
		/* translators: %s: the service's refusal, as the status says it. */
		magisterium_a2a_back_to_settings( 'error', sprintf( __( 'Connected to Magisterium, but the service refused the new token: %s', 'magisterium-a2a' ), magisterium_a2a_refusal_words( $check ) ) );
	}
	$answered = null !== $check && magisterium_a2a_answered( $check );
	magisterium_a2a_back_to_settings( 'success', $answered ? __( 'Connected to Magisterium: the service answered a test call (today\'s saints).', 'magisterium-a2a' ) : __( 'Connected to Magisterium.', 'magisterium-a2a' ) );
}

/**
 * "Disconnect": the grant revoked, the tokens deleted.
 */
function magisterium_a2a_handle_disconnect() {
	magisterium_a2a_admin_action( 'magisterium_a2a_disconnect' );
	magisterium_a2a_disconnect();
	magisterium_a2a_back_to_settings( 'success', __( 'Disconnected: the site holds no token of the connection any more.', 'magisterium-a2a' ) );
}

/**
 * A time of the plugin's clock (ms) as the site writes dates and times.
 *
 * @param int $ms Milliseconds since the epoch.
 * @return string
 */
function magisterium_a2a_when( $ms ) {
	return (string) wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), intdiv( (int) $ms, 1000 ) );
}

/**
 * The "Connection" part of the settings page: the notice of the last action,
 * whether the site is connected (by whom, when, when the token next renews)
 * or why its connection ended, and the Connect or Disconnect button.
 */
function magisterium_a2a_render_connection() {
	echo '<h2>' . esc_html__( 'Connection', 'magisterium-a2a' ) . '</h2>';
	$notice = get_transient( 'magisterium_a2a_notice_' . get_current_user_id() );
	if ( is_array( $notice ) ) {
		delete_transient( 'magisterium_a2a_notice_' . get_current_user_id() );
		printf( '<div class="notice notice-%s"><p>%s</p></div>', 'success' === $notice['kind'] ? 'success' : 'error', esc_html( $notice['text'] ) );
	}
	$connection = magisterium_a2a_connection();
	if ( null !== $connection && 'connected' === $connection['state'] ) {
		$user = get_userdata( (int) $connection['user_id'] );
		/* translators: 1: the authorization server, 2: the user who connected, 3: when. */
		$said = sprintf( __( 'Connected to %1$s by %2$s on %3$s.', 'magisterium-a2a' ), $connection['issuer'], $user ? $user->display_name : __( 'a user since deleted', 'magisterium-a2a' ), magisterium_a2a_when( $connection['connected_at'] ) );
		echo '<p>' . esc_html( $said ) . '</p>';
		$renews = null === $connection['renew_at']
			? __( 'Its access token does not expire.', 'magisterium-a2a' )
			/* translators: %s: when. */
			: sprintf( __( 'Its access token is renewed on the server, by the first call of the widgets after %s.', 'magisterium-a2a' ), magisterium_a2a_when( $connection['renew_at'] ) );
		magisterium_a2a_description( $renews );
		magisterium_a2a_connection_button( 'magisterium_a2a_disconnect', __( 'Disconnect', 'magisterium-a2a' ), '' );
		return;
	}
	if ( null !== $connection ) {
		/* translators: 1: when, 2: why. */
		$said = sprintf( __( 'Not connected: the connection ended on %1$s: %2$s. The widgets get no new answers until the site is connected again.', 'magisterium-a2a' ), magisterium_a2a_when( $connection['ended_at'] ), $connection['ended_reason'] );
	} elseif ( '' !== magisterium_a2a_settings()['token'] ) {
		$said = __( 'Not connected: the widgets use the token pasted below.', 'magisterium-a2a' );
	} else {
		$said = __( 'Not connected.', 'magisterium-a2a' );
	}
	echo '<p>' . esc_html( $said ) . '</p>';
	if ( null !== $connection ) {
		magisterium_a2a_connection_button( 'magisterium_a2a_disconnect', __( 'Forget the ended connection (the pasted token, if any, is used again)', 'magisterium-a2a' ), '' );
	}
	/* translators: %s: the redirect URI. */
	$advanced = sprintf( __( 'A client ID the authorization server issued this site, if it registers no clients itself (its redirect URI: %s)', 'magisterium-a2a' ), magisterium_a2a_redirect_uri() );
	$field    = '<details><summary>' . esc_html__( 'Advanced', 'magisterium-a2a' ) . '</summary><p><label>' . esc_html( $advanced ) . '<br><input type="text" name="client_id" value="" class="regular-text code" autocomplete="off"></label></p></details>';
	magisterium_a2a_connection_button( 'magisterium_a2a_connect', __( 'Connect to Magisterium', 'magisterium-a2a' ), $field );
}

/**
 * A form posting `$action` to admin-post.php with its nonce: `$fields` (markup, escaped by the caller) and a button.
 *
 * @param string $action The action.
 * @param string $label  The button's label.
 * @param string $fields Markup of the fields before the button.
 */
function magisterium_a2a_connection_button( $action, $label, $fields ) {
	echo '<form action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" method="post">';
	echo '<input type="hidden" name="action" value="' . esc_attr( $action ) . '">';
	wp_nonce_field( $action );
	echo $fields; // phpcs:ignore WordPress.Security.EscapeOutput -- escaped by the caller.
	submit_button( $label, 'connect' === substr( $action, -7 ) ? 'primary' : 'secondary', 'submit', false );
	echo '</form>';
}
