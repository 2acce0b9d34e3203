<?php
/**
 * The authorization server, as the site talks to it: its metadata (RFC 8414)
 * with the checks the package's sign-in makes (the issuer it names is the one
 * asked, its endpoints https: or, for an issuer on this machine, loopback
 * http:, PKCE with S256), the site's client (a pre-registered id, or one
 * registered once per issuer and redirect URI, RFC 7591) and the token and
 * revocation requests (RFC 6749, RFC 7009). Every read bounded in size and in
 * time, without redirects; a token never reaches a log or a message.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/** The most bytes read of one answer of the authorization server (metadata, a registration, tokens). */
const MAGISTERIUM_A2A_OAUTH_MAX_BYTES = 65536;
/** How long one request to the authorization server may take, in seconds (well within the refresh lock's life). */
const MAGISTERIUM_A2A_OAUTH_TIMEOUT = 5;
/** The option holding the clients registered, by issuer and redirect URI (not autoloaded). */
const MAGISTERIUM_A2A_CLIENTS_OPTION = 'magisterium_a2a_clients';
/** The metadata's endpoints the site uses. */
const MAGISTERIUM_A2A_OAUTH_ENDPOINTS = array( 'authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'revocation_endpoint' );

/**
 * The authorization server of `$settings`: the upstream endpoint's origin
 * (the service's www.magisterium.com, or a simulator's own origin).
 *
 * @param array $settings The settings.
 * @return string The issuer, '' when the endpoint has no origin.
 */
function magisterium_a2a_issuer( $settings ) {
	return magisterium_a2a_origin_of( (string) $settings['upstream'] );
}

/**
 * One request to the authorization server, bounded: `{status, body}` with the
 * body decoded as a JSON object (null when it is not one), or a WP_Error when
 * no answer came or it was too large or compressed.
 *
 * @param string $url  The endpoint.
 * @param array  $args Its `method`, `headers` and `body`, as wp_remote_request takes them.
 * @return array|WP_Error
 */
function magisterium_a2a_oauth_request( $url, $args ) {
	add_action( 'requests-requests.before_parse', 'magisterium_a2a_refuse_compressed' );
	$response = wp_remote_request(
		$url,
		array(
			'method'              => isset( $args['method'] ) ? $args['method'] : 'GET',
			'timeout'             => MAGISTERIUM_A2A_OAUTH_TIMEOUT,
			'redirection'         => 0,
			'limit_response_size' => MAGISTERIUM_A2A_OAUTH_MAX_BYTES + 1,
			'headers'             => ( isset( $args['headers'] ) ? $args['headers'] : array() ) + array(
				'Accept'          => 'application/json',
				'Accept-Encoding' => 'identity',
			),
			'body'                => isset( $args['body'] ) ? $args['body'] : null,
		)
	);
	remove_action( 'requests-requests.before_parse', 'magisterium_a2a_refuse_compressed' );
	if ( is_wp_error( $response ) ) {
		// WordPress's message may quote the URL, never a token (tokens travel in bodies only).
		return new WP_Error( 'magisterium_a2a_unreachable', __( 'the authorization server could not be reached', 'magisterium-a2a' ) );
	}
	$text = wp_remote_retrieve_body( $response );
	if ( wp_remote_retrieve_header( $response, MAGISTERIUM_A2A_REFUSED_HEADER ) || strlen( $text ) > MAGISTERIUM_A2A_OAUTH_MAX_BYTES ) {
		return new WP_Error( 'magisterium_a2a_bad_answer', __( 'the authorization server\'s answer is compressed or too large', 'magisterium-a2a' ) );
	}
	$body = json_decode( $text, true );
	return array(
		'status' => (int) wp_remote_retrieve_response_code( $response ),
		'body'   => is_array( $body ) && ! wp_is_numeric_array( $body ) ? $body : null,
	);
}

/**
 * Whether requests may go to (or an administrator be sent to) `$url`: https:,
 * or plain http: to this machine when the issuer itself is there (the simulator).
 *
 * @param mixed  $url    The URL.
 * @param string $issuer The issuer.
 * @return bool
 */
function magisterium_a2a_oauth_url_allowed( $url, $issuer ) {
	if ( ! is_string( $url ) || ! magisterium_a2a_upstream_allowed( $url ) ) {
		return false;
	}
	return 0 === strpos( strtolower( $url ), 'https:' ) || 0 === strpos( $issuer, 'http:' );
}

/**
 * The metadata of `$issuer` (RFC 8414), checked: it names `$issuer` itself,
 * an authorization and a token endpoint, every endpoint it names allowed
 * (magisterium_a2a_oauth_url_allowed), and S256 among its PKCE methods when it lists them.
 *
 * @param string $issuer The issuer.
 * @return array|WP_Error
 */
function magisterium_a2a_oauth_metadata( $issuer ) {
	if ( ! magisterium_a2a_upstream_allowed( $issuer ) ) {
		return new WP_Error( 'magisterium_a2a_issuer', __( 'the authorization server must be https: (plain http: only on this machine)', 'magisterium-a2a' ) );
	}
	$answer = magisterium_a2a_oauth_request( $issuer . '/.well-known/oauth-authorization-server', array() );
	if ( is_wp_error( $answer ) ) {
		return $answer;
	}
	$server = $answer['body'];
	if ( 200 !== $answer['status'] || null === $server ) {
		/* translators: %d: the HTTP status of the answer. */
		return new WP_Error( 'magisterium_a2a_metadata', sprintf( __( 'the authorization server\'s metadata could not be read (HTTP %d)', 'magisterium-a2a' ), $answer['status'] ) );
	}
	if ( ! isset( $server['issuer'] ) || $server['issuer'] !== $issuer ) {
		return new WP_Error( 'magisterium_a2a_metadata', __( 'the authorization server\'s metadata names another issuer', 'magisterium-a2a' ) );
	}
	if ( ! isset( $server['authorization_endpoint'], $server['token_endpoint'] ) ) {
		return new WP_Error( 'magisterium_a2a_metadata', __( 'the authorization server\'s metadata names no authorization or token endpoint', 'magisterium-a2a' ) );
	}
	foreach ( MAGISTERIUM_A2A_OAUTH_ENDPOINTS as $name ) {
		if ( isset( $server[ $name ] ) && ! magisterium_a2a_oauth_url_allowed( $server[ $name ], $issuer ) ) {
			/* translators: %s: the metadata's field, e.g. token_endpoint. */
			return new WP_Error( 'magisterium_a2a_metadata', sprintf( __( 'the authorization server\'s %s must be https: (plain http: only on this machine, for an issuer there)', 'magisterium-a2a' ), $name ) );
		}
	}
	$methods = isset( $server['code_challenge_methods_supported'] ) ? $server['code_challenge_methods_supported'] : null;
	if ( is_array( $methods ) && ! in_array( 'S256', $methods, true ) ) {
		return new WP_Error( 'magisterium_a2a_metadata', __( 'the authorization server does not offer PKCE with S256', 'magisterium-a2a' ) );
	}
	return $server;
}

/**
 * The key of the client registered at `$issuer` for `$redirect_uri`.
 *
 * @param string $issuer       The issuer.
 * @param string $redirect_uri The redirect URI.
 * @return string
 */
function magisterium_a2a_registration_key( $issuer, $redirect_uri ) {
	return md5( $issuer . ' ' . $redirect_uri );
}

/**
 * The site's client at the server `$server`: `$given` (pre-registered), the
 * one registered before for this issuer and redirect URI, or a new public
 * client registered now (RFC 7591) and kept.
 *
 * @param array  $server       The metadata.
 * @param string $redirect_uri The redirect URI.
 * @param string $given        A pre-registered client id, or ''.
 * @return string|WP_Error The client id.
 */
function magisterium_a2a_oauth_client( $server, $redirect_uri, $given ) {
	if ( '' !== $given ) {
		return $given;
	}
	$clients = get_option( MAGISTERIUM_A2A_CLIENTS_OPTION, array() );
	$clients = is_array( $clients ) ? $clients : array();
	$key     = magisterium_a2a_registration_key( $server['issuer'], $redirect_uri );
	if ( isset( $clients[ $key ] ) && is_string( $clients[ $key ] ) ) {
		return $clients[ $key ];
	}
	if ( ! isset( $server['registration_endpoint'] ) ) {
		return new WP_Error( 'magisterium_a2a_registration', __( 'the authorization server offers no client registration: enter the client ID it issued the site', 'magisterium-a2a' ) );
	}
	$metadata = array(
		'redirect_uris'              => array( $redirect_uri ),
		'client_name'                => get_bloginfo( 'name' ),
		'token_endpoint_auth_method' => 'none',
		'grant_types'                => array( 'authorization_code', 'refresh_token' ),
		'response_types'             => array( 'code' ),
	);
	$answer   = magisterium_a2a_oauth_request(
		$server['registration_endpoint'],
		array(
			'method'  => 'POST',
			'headers' => array( 'Content-Type' => 'application/json' ),
			'body'    => wp_json_encode( $metadata ),
		)
	);
	if ( is_wp_error( $answer ) ) {
		return $answer;
	}
	$registered = $answer['body'];
	if ( ! in_array( $answer['status'], array( 200, 201 ), true ) || ! isset( $registered['client_id'] ) || ! is_string( $registered['client_id'] ) || '' === $registered['client_id'] ) {
		/* translators: %d: the HTTP status of the answer. */
		return new WP_Error( 'magisterium_a2a_registration', sprintf( __( 'the authorization server did not register the site (HTTP %d)', 'magisterium-a2a' ), $answer['status'] ) );
	}
	if ( isset( $registered['token_endpoint_auth_method'] ) && 'none' !== $registered['token_endpoint_auth_method'] ) {
		return new WP_Error( 'magisterium_a2a_registration', __( 'the authorization server registered a confidential client, which the site cannot be', 'magisterium-a2a' ) );
	}
	$clients[ $key ] = $registered['client_id'];
	update_option( MAGISTERIUM_A2A_CLIENTS_OPTION, $clients, false );
	return $registered['client_id'];
}

/**
 * Forgets the client registered at `$issuer` for `$redirect_uri` (the server no longer knows it).
 *
 * @param string $issuer       The issuer.
 * @param string $redirect_uri The redirect URI.
 */
function magisterium_a2a_forget_client( $issuer, $redirect_uri ) {
	$clients = get_option( MAGISTERIUM_A2A_CLIENTS_OPTION, array() );
	if ( is_array( $clients ) ) {
		unset( $clients[ magisterium_a2a_registration_key( $issuer, $redirect_uri ) ] );
		update_option( MAGISTERIUM_A2A_CLIENTS_OPTION, $clients, false );
	}
}

/**
 * A token request (RFC 6749 §4.1.3, §6): `{tokens}` with the answer's
 * `access_token`, `refresh_token` and `expires_in` when it granted them,
 * `{error}` with the OAuth error code when it refused (400 or 401), or a
 * WP_Error when it gave no usable answer (a failure that says nothing of the grant).
 *
 * @param string $endpoint The token endpoint.
 * @param array  $fields   The form's fields.
 * @return array|WP_Error
 */
function magisterium_a2a_token_request( $endpoint, $fields ) {
	$answer = magisterium_a2a_oauth_request(
		$endpoint,
		array(
			'method'  => 'POST',
			'headers' => array( 'Content-Type' => 'application/x-www-form-urlencoded' ),
			'body'    => $fields,
		)
	);
	if ( is_wp_error( $answer ) ) {
		return $answer;
	}
	$body = $answer['body'];
	if ( in_array( $answer['status'], array( 400, 401 ), true ) && isset( $body['error'] ) && is_string( $body['error'] ) ) {
		return array( 'error' => substr( $body['error'], 0, 100 ) );
	}
	$type = isset( $body['token_type'] ) && is_string( $body['token_type'] ) ? strtolower( $body['token_type'] ) : '';
	if ( 200 !== $answer['status'] || ! isset( $body['access_token'] ) || ! is_string( $body['access_token'] ) || '' === $body['access_token'] || 'bearer' !== $type ) {
		/* translators: %d: the HTTP status of the answer. */
		return new WP_Error( 'magisterium_a2a_token', sprintf( __( 'the authorization server gave no Bearer token (HTTP %d)', 'magisterium-a2a' ), $answer['status'] ) );
	}
	$lifetime = isset( $body['expires_in'] ) && is_numeric( $body['expires_in'] ) && $body['expires_in'] > 0 ? (int) $body['expires_in'] : null;
	return array(
		'tokens' => array(
			'access_token'  => $body['access_token'],
			'refresh_token' => isset( $body['refresh_token'] ) && is_string( $body['refresh_token'] ) ? $body['refresh_token'] : null,
			'expires_in'    => $lifetime,
		),
	);
}

/**
 * Revokes `$token` of `$client_id` at `$endpoint` (RFC 7009); what it answers does not matter.
 *
 * @param string $endpoint  The revocation endpoint.
 * @param string $client_id The client id.
 * @param string $token     The token (a refresh token revokes its grant).
 */
function magisterium_a2a_revoke_token( $endpoint, $client_id, $token ) {
	magisterium_a2a_oauth_request(
		$endpoint,
		array(
			'method'  => 'POST',
			'headers' => array( 'Content-Type' => 'application/x-www-form-urlencoded' ),
			'body'    => array(
				'token'           => $token,
				'token_type_hint' => 'refresh_token',
				'client_id'       => $client_id,
			),
		)
	);
}
