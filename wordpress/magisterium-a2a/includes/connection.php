<?php
/**
 * The site's connection to Magisterium: the grant an administrator made with
 * "Connect to Magisterium" (settings page), kept in an option that is not
 * autoloaded, and its access token renewed here, on the server, before it
 * expires and once after the service refuses it (401).
 *
 * A renewal is single-flight across PHP workers (the day cache's atomic lock,
 * magisterium_a2a_lock) and rotation-safe: under the lock the stored grant is
 * read again, and when another worker renewed it meanwhile that token is
 * used, so a refresh token is presented once. A renewal the server refuses
 * (an OAuth error: `invalid_grant`, …) ends the connection: it is kept as
 * "ended" with the time and the reason for the administrator to see, without
 * tokens, and no upstream call is made until someone connects again. A
 * renewal that got no answer ends nothing.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/** The option holding the connection (not autoloaded: it holds tokens). */
const MAGISTERIUM_A2A_CONNECTION_OPTION = 'magisterium_a2a_connection';
/** The key of the lock a renewal holds. */
const MAGISTERIUM_A2A_RENEWAL_LOCK = 'oauth renewal';
/** Renew at most this long before expiry, in milliseconds (half the lifetime for shorter-lived tokens), as the package's sign-in does. */
const MAGISTERIUM_A2A_RENEW_AHEAD_MS = 60000;

/**
 * The connection, or null when the site was never connected (or disconnected):
 * `state` (`connected` or `ended`), `issuer`, `client_id`, `token_endpoint`,
 * `revocation_endpoint` (or null), `access_token`, `refresh_token` (or null),
 * `expires_at` and `renew_at` (ms, or null when the server gave no lifetime),
 * `user_id` and `connected_at` (who connected, when), and once ended
 * `ended_at` and `ended_reason`.
 *
 * @param bool $again Whether to read the database again (another worker may have renewed it).
 * @return array|null
 */
function magisterium_a2a_connection( $again = false ) {
	if ( $again ) {
		magisterium_a2a_uncache_options( array( MAGISTERIUM_A2A_CONNECTION_OPTION ) );
	}
	$connection = get_option( MAGISTERIUM_A2A_CONNECTION_OPTION, null );
	return is_array( $connection ) && isset( $connection['state'] ) ? $connection : null;
}

/**
 * Keeps `$connection` (never autoloaded).
 *
 * @param array $connection The connection.
 */
function magisterium_a2a_keep_connection( $connection ) {
	update_option( MAGISTERIUM_A2A_CONNECTION_OPTION, $connection, false );
}

/**
 * Keeps a new connection made by the current user with `$client_id` at
 * `$server` (the metadata), holding `$tokens` (magisterium_a2a_token_request's).
 *
 * @param array  $server    The metadata.
 * @param string $client_id The client id.
 * @param array  $tokens    The tokens granted.
 */
function magisterium_a2a_connect_with( $server, $client_id, $tokens ) {
	$connection = array(
		'state'               => 'connected',
		'issuer'              => $server['issuer'],
		'client_id'           => $client_id,
		'token_endpoint'      => $server['token_endpoint'],
		'revocation_endpoint' => isset( $server['revocation_endpoint'] ) ? $server['revocation_endpoint'] : null,
		'user_id'             => get_current_user_id(),
		'connected_at'        => magisterium_a2a_now(),
		'refresh_token'       => null,
	);
	magisterium_a2a_keep_connection( magisterium_a2a_with_tokens( $connection, $tokens ) );
}

/**
 * `$connection` holding `$tokens`: a refresh that brings no new refresh token keeps the old one.
 *
 * @param array $connection The connection.
 * @param array $tokens     The tokens granted.
 * @return array
 */
function magisterium_a2a_with_tokens( $connection, $tokens ) {
	$now      = magisterium_a2a_now();
	$lifetime = null === $tokens['expires_in'] ? null : $tokens['expires_in'] * 1000;
	return array(
		'access_token'  => $tokens['access_token'],
		'refresh_token' => null === $tokens['refresh_token'] ? $connection['refresh_token'] : $tokens['refresh_token'],
		'expires_at'    => null === $lifetime ? null : $now + $lifetime,
		'renew_at'      => null === $lifetime ? null : $now + $lifetime - min( MAGISTERIUM_A2A_RENEW_AHEAD_MS, intdiv( $lifetime, 2 ) ),
	) + $connection;
}

/**
 * The access token of `$connection` to call the service with now, renewed
 * first when it is due; '' when the connection has ended or has no usable token.
 *
 * @param array $connection The connection.
 * @return string
 */
function magisterium_a2a_connection_token( $connection ) {
	if ( 'connected' !== $connection['state'] ) {
		return '';
	}
	if ( null === $connection['renew_at'] || magisterium_a2a_now() < $connection['renew_at'] ) {
		return $connection['access_token'];
	}
	return magisterium_a2a_renew( $connection['access_token'], false );
}

/**
 * A token to call the service with after it refused `$token` (401): the
 * connection's renewed one, or '' when there is none other than `$token`
 * (the site is not connected, or the renewal failed).
 *
 * @param array  $settings The settings.
 * @param string $token    The token refused.
 * @return string
 */
function magisterium_a2a_renewed_after_refusal( $settings, $token ) {
	$connection = magisterium_a2a_connection();
	if ( null === $connection || 'connected' !== $connection['state'] ) {
		return '';
	}
	$renewed = magisterium_a2a_renew( $token, true );
	return $renewed === $token ? '' : $renewed;
}

/**
 * Renews the connection's access token `$stale`, once across workers: the
 * token to use now ('' when none). A worker that finds the lock held waits
 * for its holder and uses what it stored.
 *
 * @param string $stale    The access token due for renewal.
 * @param bool   $rejected Whether the service refused `$stale` (so it is not used again).
 * @return string
 */
function magisterium_a2a_renew( $stale, $rejected ) {
	if ( ! magisterium_a2a_lock( MAGISTERIUM_A2A_RENEWAL_LOCK ) ) {
		magisterium_a2a_wait_unlocked( MAGISTERIUM_A2A_RENEWAL_LOCK );
		return magisterium_a2a_token_still_usable( magisterium_a2a_connection( true ), $stale, $rejected );
	}
	$connection = magisterium_a2a_connection( true );
	if ( null === $connection || 'connected' !== $connection['state'] || $connection['access_token'] !== $stale || empty( $connection['refresh_token'] ) ) {
		// Renewed by another worker since `$stale` was read, ended, or not renewable.
		magisterium_a2a_unlock( MAGISTERIUM_A2A_RENEWAL_LOCK );
		return magisterium_a2a_token_still_usable( $connection, $stale, $rejected );
	}
	$answer = magisterium_a2a_token_request(
		$connection['token_endpoint'],
		array(
			'grant_type'    => 'refresh_token',
			'refresh_token' => $connection['refresh_token'],
			'client_id'     => $connection['client_id'],
		)
	);
	if ( is_wp_error( $answer ) ) {
		// No answer, or none usable: the grant may well live on, and the token until its expiry.
		$answer = array();
	}
	if ( isset( $answer['tokens'] ) ) {
		$connection = magisterium_a2a_with_tokens( $connection, $answer['tokens'] );
		magisterium_a2a_keep_connection( $connection );
	} elseif ( isset( $answer['error'] ) ) {
		/* translators: %s: the OAuth error code the server answered, e.g. invalid_grant. */
		$connection = magisterium_a2a_end_connection( $connection, sprintf( __( 'the authorization server refused to renew the access token (%s)', 'magisterium-a2a' ), $answer['error'] ) );
	}
	magisterium_a2a_unlock( MAGISTERIUM_A2A_RENEWAL_LOCK );
	return magisterium_a2a_token_still_usable( $connection, $stale, $rejected );
}

/**
 * The token of `$connection` that may be used now: a connected one's access
 * token unless it is `$stale` refused by the service or past its expiry; else ''.
 *
 * @param array|null $connection The connection.
 * @param string     $stale      The token due for renewal.
 * @param bool       $rejected   Whether the service refused `$stale`.
 * @return string
 */
function magisterium_a2a_token_still_usable( $connection, $stale, $rejected ) {
	if ( null === $connection || 'connected' !== $connection['state'] ) {
		return '';
	}
	if ( $connection['access_token'] !== $stale ) {
		return $connection['access_token'];
	}
	$expired = null !== $connection['expires_at'] && magisterium_a2a_now() >= $connection['expires_at'];
	return $rejected || $expired ? '' : $stale;
}

/**
 * Ends `$connection` for `$reason`: kept as `ended`, without its tokens.
 *
 * @param array  $connection The connection.
 * @param string $reason     Why, for the administrator.
 * @return array The ended connection.
 */
function magisterium_a2a_end_connection( $connection, $reason ) {
	$connection = array(
		'state'         => 'ended',
		'ended_at'      => magisterium_a2a_now(),
		'ended_reason'  => $reason,
		'access_token'  => '',
		'refresh_token' => null,
	) + $connection;
	magisterium_a2a_keep_connection( $connection );
	return $connection;
}

/**
 * Disconnects the site: revokes its grant where the server lists a
 * revocation endpoint (RFC 7009) and deletes the connection. Under the
 * renewal's lock, so that no renewal stores a grant again afterwards.
 */
function magisterium_a2a_disconnect() {
	$locked = magisterium_a2a_lock( MAGISTERIUM_A2A_RENEWAL_LOCK );
	if ( ! $locked ) {
		magisterium_a2a_wait_unlocked( MAGISTERIUM_A2A_RENEWAL_LOCK );
		$locked = magisterium_a2a_lock( MAGISTERIUM_A2A_RENEWAL_LOCK );
	}
	$connection = magisterium_a2a_connection( true );
	if ( null !== $connection && ! empty( $connection['revocation_endpoint'] ) ) {
		$token = empty( $connection['refresh_token'] ) ? $connection['access_token'] : $connection['refresh_token'];
		if ( '' !== (string) $token ) {
			magisterium_a2a_revoke_token( $connection['revocation_endpoint'], $connection['client_id'], $token );
		}
	}
	delete_option( MAGISTERIUM_A2A_CONNECTION_OPTION );
	if ( $locked ) {
		magisterium_a2a_unlock( MAGISTERIUM_A2A_RENEWAL_LOCK );
	}
}
