//! Videos of other sites load only on the visitor's click (the two-click solution, German legal
//! list 11), over HTTP on SQLite and PostgreSQL: the server-rendered page, which every visitor
//! gets from the cache, carries the notice of what loading sends to YouTube and the button, never
//! the player's iframe; a player of the shop's own site is embedded as it is.

use crate::common;

use common::{both_databases, Backend, TestApp};
use serde_json::json;

/// The page's markup without its scripts (the inlined page data names the video's address as data).
fn markup(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(start) = rest.find("<script") {
        out.push_str(&rest[..start]);
        rest = rest[start..]
            .find("</script>")
            .map_or("", |end| &rest[start + end + "</script>".len()..]);
    }
    out.push_str(rest);
    out
}

#[both_databases]
async fn another_sites_video_is_a_notice_until_the_visitor_loads_it(db: Backend) {
    let app = TestApp::start_with(db, true).await;
    let editor = app.staff("editor").await;
    let layout = json!({ "version": 1, "sections": [{ "columns": [{ "widgets": [
        { "type": "heading", "text": "Unsere Rösterei", "level": 1 },
        { "type": "video", "src": "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "title": "Ein Tag in der Rösterei" },
        { "type": "video", "src": "https://player.vimeo.com/video/42", "title": "Vom Rohkaffee zur Bohne" }
    ] }] }] });
    let page = app
        .post_as(
            &editor,
            "/wp/v2/pages",
            json!({ "title": "Rösterei", "slug": "roesterei", "status": "publish", "laden_layout": layout }),
        )
        .await;
    assert!(page["id"].is_i64(), "{page}");

    let html = markup(&app.html("/roesterei/", None).await);
    assert!(html.contains(">Unsere Rösterei</h1>"), "rendered: {html}");
    assert!(
        !html.contains("<iframe"),
        "no player before the click: {html}"
    );
    for (title, provider, privacy) in [
        (
            "Ein Tag in der Rösterei",
            "YouTube",
            "https://policies.google.com/privacy",
        ),
        (
            "Vom Rohkaffee zur Bohne",
            "Vimeo",
            "https://vimeo.com/privacy",
        ),
    ] {
        assert!(
            html.contains(&format!(
                "<div class=\"embed-consent\" role=\"group\" aria-label=\"{title}\">"
            )),
            "{title}: {html}"
        );
        assert!(
            html.contains(&format!(
                "Beim Laden des Videos werden Daten an {provider} übertragen, etwa Ihre IP-Adresse."
            )),
            "{provider}"
        );
        assert!(
            html.contains(&format!(
                "<a href=\"{privacy}\" target=\"_blank\" rel=\"noopener noreferrer\">Datenschutzerklärung von {provider}</a>"
            )),
            "{provider}'s privacy policy linked"
        );
    }
    assert_eq!(html.matches(">Video laden</button>").count(), 2);
}

#[both_databases]
async fn a_products_gallery_video_of_another_site_waits_for_the_click(db: Backend) {
    let app = TestApp::start_with(db, true).await;
    app.import_csv(
        "Type,SKU,Name,Published,In stock?,Stock,Regular price,Meta: laden_gallery_media
simple,V-1,Espresso mit Film,1,1,5,12.90,iframe:https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ|iframe:/uploads/rundgang.html
"
        .as_bytes(),
    )
    .await;
    let html = markup(&app.html("/produkt/espresso-mit-film/", None).await);
    assert!(
        html.contains(
            "<div class=\"embed-consent\" role=\"group\" aria-label=\"Video: Espresso mit Film\">"
        ),
        "{html}"
    );
    assert!(html.contains("Daten an YouTube übertragen"));
    assert!(
        !html.contains("youtube-nocookie.com"),
        "no player before the click"
    );
    // The shop's own page in the gallery is embedded as it is.
    assert!(
        html.contains("<iframe src=\"/uploads/rundgang.html\""),
        "{html}"
    );
}

#[both_databases]
async fn the_import_keeps_only_gallery_media_of_the_allow_list(app: TestApp) {
    let report = app
        .import_report(
            "Type,SKU,Name,Published,In stock?,Stock,Regular price,Meta: laden_gallery_media
simple,V-2,Espresso mit Fremdem,1,1,5,12.90,iframe:https://evil.example/phish|iframe:javascript:alert(1)|film:/uploads/a.webm|video:/uploads/a.webm
"
            .as_bytes(),
        )
        .await;
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let skipped: Vec<&str> = report.warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        skipped,
        [
            "Galerie-Medium „iframe:https://evil.example/phish“ übersprungen: möglich sind iframe:, video: oder video-autoplay: mit einer Einbettung von YouTube oder Vimeo, einer Videodatei oder einer Adresse dieser Website.",
            "Galerie-Medium „iframe:javascript:alert(1)“ übersprungen: möglich sind iframe:, video: oder video-autoplay: mit einer Einbettung von YouTube oder Vimeo, einer Videodatei oder einer Adresse dieser Website.",
            "Galerie-Medium „film:/uploads/a.webm“ übersprungen: möglich sind iframe:, video: oder video-autoplay: mit einer Einbettung von YouTube oder Vimeo, einer Videodatei oder einer Adresse dieser Website.",
        ]
    );
    assert!(report.warnings.iter().all(|w| w.line == 2));
    let html = app.html("/produkt/espresso-mit-fremdem/", None).await;
    assert!(!html.contains("evil.example") && !html.contains("javascript:alert"));
    assert!(html.contains("/uploads/a.webm"), "the video file is kept");
}
