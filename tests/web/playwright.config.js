// playwright.config.js: the browser tests of the web client (tests/web/specs), in Debian's chromium
// (/usr/bin/chromium, or $CHROMIUM) on three projects: a desktop and two phones. Each test starts its own
// `whist serve` (fixtures.js). Playwright's own browser download cannot be reached from here: never run
// `npx playwright install`.
const { defineConfig, devices } = require('@playwright/test');

const launchOptions = { executablePath: process.env.CHROMIUM || '/usr/bin/chromium' };

module.exports = defineConfig({
  testDir: './specs',
  outputDir: './test-results/output',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two cores: each worker runs a browser and a server.
  workers: Number(process.env.WHIST_WEB_WORKERS || 2),
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ['json', { outputFile: './test-results/report.json' }],
  ],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
    { name: 'pixel7', use: { ...devices['Pixel 7'], launchOptions } },
    {
      // The iPhone 13's screen, touch and user agent, in Chromium (no WebKit here). The long flows of the
      // table, Android Whist and the screens run on the Pixel 7 and the desktop; on this second phone the
      // walk checks every screen at its size, with navigation, replays, both games on home, names and smoke.
      name: 'iphone13',
      use: { ...devices['iPhone 13'], browserName: 'chromium', defaultBrowserType: 'chromium', launchOptions },
      testIgnore: ['**/table.spec.js', '**/android.spec.js', '**/screens.spec.js', '**/online*.spec.js', '**/offline.spec.js'],
    },
  ],
});
