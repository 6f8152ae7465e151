#!/usr/bin/env bash
# The anchor a shop owner would pick instead: WordPress 6.1 from Debian's packages, served by
# nginx through PHP-FPM on MariaDB, with one page holding the same product text as Laden's page.
# Sourced by bench/run.sh: `wordpress_up PORT HTML_FILE` installs (once) and starts it, prints the
# page's path; `wordpress_down` stops it. Needs root (apt, php-fpm) and MariaDB on 127.0.0.1:3306
# (installed and started when missing).
wp_dir=${wp_dir:-$(mktemp -d)}

wordpress_up() { # $1: port, $2: a file with the page's HTML body
  local port=$1 body=$2
  local need=()
  [ -f /usr/share/wordpress/wp-settings.php ] || need+=(wordpress wordpress-theme-twentytwentythree)
  command -v php-fpm8.2 >/dev/null || need+=(php-fpm)
  php -m 2>/dev/null | grep -qi mysqli || need+=(php-mysql)
  command -v mariadb >/dev/null || command -v mysql >/dev/null || need+=(mariadb-server)
  if [ ${#need[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  fi
  if ! mysqladmin -h 127.0.0.1 -u root ping >/dev/null 2>&1; then
    (service mariadb start || service mysql start) >/dev/null 2>&1
    for _ in $(seq 1 30); do mysqladmin -h 127.0.0.1 -u root ping >/dev/null 2>&1 && break; sleep 1; done
  fi
  mysql -h 127.0.0.1 -u root -e "DROP DATABASE IF EXISTS wp_bench; CREATE DATABASE wp_bench; CREATE USER IF NOT EXISTS 'wp_bench'@'%' IDENTIFIED BY 'wp_bench'; GRANT ALL ON wp_bench.* TO 'wp_bench'@'%';"
  # Debian's wp-config.php reads /etc/wordpress/config-<host>.php.
  cat >/etc/wordpress/config-127.0.0.1.php <<PHP
<?php
define('DB_NAME', 'wp_bench'); define('DB_USER', 'wp_bench'); define('DB_PASSWORD', 'wp_bench'); define('DB_HOST', '127.0.0.1:3306');
define('WP_CONTENT_DIR', '/var/lib/wordpress/wp-content'); define('FS_METHOD', 'direct');
define('WP_HOME', 'http://127.0.0.1:$port'); define('WP_SITEURL', 'http://127.0.0.1:$port');
PHP
  # One PHP-FPM pool with as many workers as cores, as a small host runs it.
  cat >"$wp_dir/php-fpm.conf" <<CONF
[global]
pid = $wp_dir/php-fpm.pid
error_log = $wp_dir/php-fpm.log
[bench]
user = www-data
group = www-data
listen = $wp_dir/php-fpm.sock
listen.owner = www-data
listen.mode = 0666
pm = static
pm.max_children = 4
php_admin_value[opcache.enable] = 1
CONF
  # Behind this nginx on a port, WordPress's canonical redirect answers every page with a 301 to
  # itself; the measured page must be the page, so that redirect is off (nothing else changes).
  mkdir -p /var/lib/wordpress/wp-content/mu-plugins
  echo "<?php remove_action('template_redirect', 'redirect_canonical');" >/var/lib/wordpress/wp-content/mu-plugins/laden-bench.php
  php-fpm8.2 -y "$wp_dir/php-fpm.conf"
  cat >"$wp_dir/nginx.conf" <<CONF
worker_processes 1;
pid $wp_dir/nginx.pid;
error_log $wp_dir/nginx-error.log;
events { worker_connections 1024; }
http { access_log off; include /etc/nginx/mime.types;
  server { listen 127.0.0.1:$port; root /usr/share/wordpress; index index.php;
    location / { try_files \$uri \$uri/ /index.php?\$args; }
    location ~ \.php\$ { include /etc/nginx/fastcgi_params; fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name; fastcgi_pass unix:$wp_dir/php-fpm.sock; } } }
CONF
  nginx -c "$wp_dir/nginx.conf"
  sleep 0.5
  curl -s -o /dev/null "http://127.0.0.1:$port/wp-admin/install.php?step=2" \
    --data-urlencode "weblog_title=Laden Vergleich" --data-urlencode "user_name=admin" \
    --data-urlencode "admin_password=Vergleich-2026-wp" --data-urlencode "admin_password2=Vergleich-2026-wp" \
    --data-urlencode "pw_weak=1" --data-urlencode "admin_email=admin@example.de" --data-urlencode "blog_public=0" --data-urlencode "language="
  local id
  id=$(BODY=$(cat "$body") python3 - <<'PY' | mysql -h 127.0.0.1 -u root wp_bench -N
import os
body = os.environ["BODY"].replace("\\", "\\\\").replace("'", "\\'")
print("INSERT INTO wp_posts (post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status, comment_status, ping_status, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered, post_type) "
      f"VALUES (1, NOW(), UTC_TIMESTAMP(), '{body}', 'Produkt', '', 'publish', 'closed', 'closed', 'produkt', '', '', NOW(), UTC_TIMESTAMP(), '', 'page'); SELECT LAST_INSERT_ID();")
PY
)
  echo "/?page_id=$id"
}

wordpress_down() {
  [ -f "$wp_dir/nginx.pid" ] && kill "$(cat "$wp_dir/nginx.pid")" 2>/dev/null
  [ -f "$wp_dir/php-fpm.pid" ] && kill "$(cat "$wp_dir/php-fpm.pid")" 2>/dev/null
  rm -f /etc/wordpress/config-127.0.0.1.php /var/lib/wordpress/wp-content/mu-plugins/laden-bench.php
  true
}
