<?php
/**
 * Plugin Name:       Magisterium Parish Widget
 * Plugin URI:        https://github.com/magisterium-a2a/magisterium-a2a
 * Description:       The saints of the day and the Mass readings from Magisterium AI, as shortcodes and blocks, through a proxy route on this site that keeps the parish's token on the server.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * Author:            The magisterium-a2a contributors
 * Author URI:        https://github.com/magisterium-a2a/magisterium-a2a
 * License:           MIT OR Apache-2.0
 * License URI:       https://github.com/magisterium-a2a/magisterium-a2a/blob/main/LICENSE-MIT
 * Text Domain:       magisterium-a2a
 *
 * @package MagisteriumA2a
 */

defined( 'ABSPATH' ) || exit;

/** The plugin's folder, with its trailing slash. */
define( 'MAGISTERIUM_A2A_DIR', plugin_dir_path( __FILE__ ) );
/** The plugin's main file, for URLs of its assets. */
define( 'MAGISTERIUM_A2A_FILE', __FILE__ );
/** The plugin's version, the version of its scripts. */
define( 'MAGISTERIUM_A2A_VERSION', '0.1.0' );

require_once MAGISTERIUM_A2A_DIR . 'includes/languages.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/settings.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/oauth-server.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/connection.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/credential.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/settings-page.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/connect-page.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/answers.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/days.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/day-cache.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/client-buckets.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/allowances.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/upstream.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/upstream-status.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/status-words.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/token-check.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/status-page.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/admin-notice.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/site-health.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/proxy.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/prefetch.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/rest-route.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/page-text.php';
require_once MAGISTERIUM_A2A_DIR . 'includes/widgets.php';
