<?php
/**
 * The widget's two elements on the site's pages: the shortcodes
 * `[magisterium_saints]` and `[magisterium_readings date="next Sunday"]`,
 * and a block for each (server-rendered, declared in blocks/), printing
 * `<magisterium-saints>` and `<magisterium-readings>` pointed at the proxy
 * route, with the widget's script (an ES module, from the plugin's own copy
 * of the package's widget/ and web/ folders).
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/** The widget script's handle. */
const MAGISTERIUM_A2A_SCRIPT = 'magisterium-a2a-widget';
/** The attributes both shortcodes take: the day (words or `YYYY-MM-DD`) and the widget's language (a language tag). */
const MAGISTERIUM_A2A_SHORTCODE_ATTRIBUTES = array(
	'date' => '',
	'lang' => '',
);
/** The blocks' editor script's handle (one script for both, named in their block.json). */
const MAGISTERIUM_A2A_EDITOR_SCRIPT = 'magisterium-a2a-editor';

add_action( 'init', 'magisterium_a2a_register_widgets' );
add_filter( 'script_loader_tag', 'magisterium_a2a_module_tag', 10, 2 );

/** Registers the scripts (the editor's with its translations, languages/*.json), the shortcodes and the blocks. */
function magisterium_a2a_register_widgets() {
	$widget = plugins_url( 'widget/magisterium-widget.js', MAGISTERIUM_A2A_FILE );
	wp_register_script( MAGISTERIUM_A2A_SCRIPT, $widget, array(), MAGISTERIUM_A2A_VERSION, true );
	$editor_dependencies = array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-server-side-render', 'wp-i18n' );
	wp_register_script( MAGISTERIUM_A2A_EDITOR_SCRIPT, plugins_url( 'blocks/editor.js', MAGISTERIUM_A2A_FILE ), $editor_dependencies, MAGISTERIUM_A2A_VERSION, true );
	// The editor asks the widget's module (the page's own address, so one module) which languages it speaks.
	$editor_config = array( 'widget' => add_query_arg( 'ver', MAGISTERIUM_A2A_VERSION, $widget ) );
	wp_add_inline_script( MAGISTERIUM_A2A_EDITOR_SCRIPT, 'window.magisteriumA2aEditor = ' . wp_json_encode( $editor_config, JSON_HEX_TAG | JSON_UNESCAPED_SLASHES ) . ';', 'before' );
	wp_set_script_translations( MAGISTERIUM_A2A_EDITOR_SCRIPT, 'magisterium-a2a', MAGISTERIUM_A2A_DIR . 'languages' );
	add_shortcode( 'magisterium_saints', 'magisterium_a2a_saints_shortcode' );
	add_shortcode( 'magisterium_readings', 'magisterium_a2a_readings_shortcode' );
	foreach ( array( 'saints', 'readings' ) as $block ) {
		register_block_type( MAGISTERIUM_A2A_DIR . 'blocks/' . $block );
	}
}

/**
 * `[magisterium_saints]` (a `date` and a `lang` are taken as well).
 *
 * @param array|string $attributes The shortcode's attributes.
 * @return string
 */
function magisterium_a2a_saints_shortcode( $attributes ) {
	return magisterium_a2a_element( 'magisterium-saints', shortcode_atts( MAGISTERIUM_A2A_SHORTCODE_ATTRIBUTES, $attributes, 'magisterium_saints' ) );
}

/**
 * `[magisterium_readings date="next Sunday" lang="es"]` (no date: today; no lang: the page's).
 *
 * @param array|string $attributes The shortcode's attributes.
 * @return string
 */
function magisterium_a2a_readings_shortcode( $attributes ) {
	return magisterium_a2a_element( 'magisterium-readings', shortcode_atts( MAGISTERIUM_A2A_SHORTCODE_ATTRIBUTES, $attributes, 'magisterium_readings' ) );
}

/**
 * One of the widget's elements, its script enqueued, with its day's text
 * inside when the route has it cached (includes/page-text.php).
 *
 * @param string $element    The element, `magisterium-saints` or `magisterium-readings`.
 * @param array  $attributes Its `date` and `lang` (each optional; a `lang` that is no language tag is left out,
 *                           and one the widget does not speak falls back as the widget's own attribute does).
 * @return string
 */
function magisterium_a2a_element( $element, $attributes ) {
	wp_enqueue_script( MAGISTERIUM_A2A_SCRIPT );
	$date = isset( $attributes['date'] ) ? trim( (string) $attributes['date'] ) : '';
	$html = '<' . $element . ' endpoint="' . esc_url( rest_url( MAGISTERIUM_A2A_ROUTE_NAMESPACE . MAGISTERIUM_A2A_ROUTE ) ) . '"';
	if ( '' !== $date ) {
		$html .= ' date="' . esc_attr( $date ) . '"';
		magisterium_a2a_note_page_date( $date );
	}
	$lang = isset( $attributes['lang'] ) ? trim( (string) $attributes['lang'] ) : '';
	if ( preg_match( '/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/D', $lang ) ) {
		$html .= ' lang="' . esc_attr( $lang ) . '"';
	}
	return $html . '>' . magisterium_a2a_page_text( $element, $date ) . '</' . $element . '>';
}

/**
 * The widget's script tag as an ES module (it imports the web build).
 *
 * @param string $tag    The tag WordPress made.
 * @param string $handle The script's handle.
 * @return string
 */
function magisterium_a2a_module_tag( $tag, $handle ) {
	if ( MAGISTERIUM_A2A_SCRIPT !== $handle ) {
		return $tag;
	}
	return str_replace( '<script ', '<script type="module" ', preg_replace( '/\stype=([\'"])text\/javascript\1/', '', $tag ) );
}
