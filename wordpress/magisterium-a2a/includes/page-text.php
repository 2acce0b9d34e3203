<?php
/**
 * The text a widget element carries in the page's HTML: when the proxy
 * route has the answer for the element's day cached, the shortcode and the
 * block print it inside the element (a heading and the text, escaped), so a
 * visitor without JavaScript, a search engine and a slow phone read it at
 * once, and the widget shows it without calling the route (the contract:
 * docs/widget.md, "Text the server provides"). Nothing is asked upstream
 * here: a page view never spends the parish's budget.
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/**
 * Each element's skill, the artifact its text is in, and the text the skill
 * answers with when it has nothing (as the package decodes them:
 * src/sans_io/skills.rs, `artifact_name` and `empty_text`).
 */
const MAGISTERIUM_A2A_ELEMENT_SKILLS = array(
	'magisterium-saints'   => array(
		'skill'    => 'saints_of_the_day',
		'artifact' => 'martyrology',
		'empty'    => 'No martyrology data found.',
	),
	'magisterium-readings' => array(
		'skill'    => 'liturgical_readings',
		'artifact' => 'mass_readings',
		'empty'    => 'No mass readings found.',
	),
);

/**
 * The content of `$element` for `$date` (its `date` attribute, '' for
 * today): the heading and the cached text, escaped, marked with what the
 * widget would send for it; '' when the route has no fresh text for it.
 *
 * @param string $element The element, `magisterium-saints` or `magisterium-readings`.
 * @param string $date    The element's date text, trimmed ('' for today).
 * @return string HTML.
 */
function magisterium_a2a_page_text( $element, $date ) {
	$served = magisterium_a2a_served_text( $element, $date );
	if ( null === $served ) {
		return '';
	}
	$headings = array(
		'magisterium-saints'   => __( 'Saints of the day', 'magisterium-a2a' ),
		'magisterium-readings' => __( 'Mass readings', 'magisterium-a2a' ),
	);
	// The text's line breaks are its layout, as the widget shows it.
	return '<h2>' . esc_html( $headings[ $element ] ) . '</h2>'
		. '<div data-magisterium-for="' . esc_attr( $served['for'] ) . '" style="white-space:pre-line">' . magisterium_a2a_text_html( $served['text'] ) . '</div>';
}

/**
 * The fresh text the route would answer `$element`'s `$date` with, and what
 * the widget sends for it (`for`: the day, `YYYY-MM-DD`, or the words when
 * they name none the resolver reads); null when it has none cached, the
 * skill is not served, or the route would refuse the date.
 *
 * @param string $element The element.
 * @param string $date    Its date text ('' for today).
 * @return array{for: string, text: string}|null
 */
function magisterium_a2a_served_text( $element, $date ) {
	$kind     = MAGISTERIUM_A2A_ELEMENT_SKILLS[ $element ];
	$settings = magisterium_a2a_settings();
	$input    = '' === $date ? 'today' : magisterium_a2a_trim( $date );
	if ( ! in_array( $kind['skill'], $settings['skills'], true ) || magisterium_a2a_utf16_length( $input ) > MAGISTERIUM_A2A_MAX_DATE_LENGTH ) {
		return null;
	}
	$asked = magisterium_a2a_asked( $kind['skill'], $input, magisterium_a2a_now(), $settings );
	if ( '' !== $asked['error'] ) {
		return null;
	}
	$task = magisterium_a2a_fresh( $asked['key'], $asked['fresh_on'] );
	$text = null === $task ? null : magisterium_a2a_task_text( $task, $kind['artifact'], $kind['empty'] );
	if ( null === $text ) {
		return null;
	}
	return array(
		'for'  => null === $asked['day'] ? $input : $asked['day'],
		'text' => $text,
	);
}

/**
 * The text of a completed task's artifact `$artifact`: its text parts joined
 * by blank lines; null when there is none or it is `$empty` (as the package's
 * `decode_text` reads a skill's answer).
 *
 * @param object|array $task     The task, as the cache keeps it.
 * @param string       $artifact The artifact's name.
 * @param string       $empty    The skill's text for nothing.
 * @return string|null
 */
function magisterium_a2a_task_text( $task, $artifact, $empty ) {
	if ( ! is_object( $task ) || ! isset( $task->status->state, $task->artifacts ) || 'completed' !== $task->status->state || ! is_array( $task->artifacts ) ) {
		return null;
	}
	foreach ( $task->artifacts as $candidate ) {
		if ( ! is_object( $candidate ) || ! isset( $candidate->name ) || $artifact !== $candidate->name ) {
			continue;
		}
		$texts = array();
		foreach ( isset( $candidate->parts ) && is_array( $candidate->parts ) ? $candidate->parts : array() as $part ) {
			if ( is_object( $part ) && isset( $part->kind, $part->text ) && 'text' === $part->kind && is_string( $part->text ) ) {
				$texts[] = $part->text;
			}
		}
		$text = implode( "\n\n", $texts );
		return $texts && magisterium_a2a_trim( $text ) !== $empty ? $text : null;
	}
	return null;
}

/**
 * `$text` as HTML text: every `<`, `>`, `&` and quote escaped, entities in
 * the text included (esc_html leaves `&amp;` as it is, so a text holding it
 * would lose it), bytes that are no UTF-8 replaced.
 *
 * @param string $text Server text.
 * @return string
 */
function magisterium_a2a_text_html( $text ) {
	return htmlspecialchars( $text, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8', true );
}
