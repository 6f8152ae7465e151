// The demo shop's analytics: it only records that it ran (the consent banner
// decides whether it is loaded at all). A real shop names its own script in
// the setting `laden_analytics_script`.
window.ladenDemoAnalyticsRuns = (window.ladenDemoAnalyticsRuns || 0) + 1;
document.documentElement.setAttribute('data-demo-analytics', String(window.ladenDemoAnalyticsRuns));
