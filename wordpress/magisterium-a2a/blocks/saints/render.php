<?php
/**
 * The block's markup on the page: the same element as its shortcode.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

echo magisterium_a2a_saints_shortcode( $attributes ); // phpcs:ignore WordPress.Security.EscapeOutput -- escaped where it is built.
