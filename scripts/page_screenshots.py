"""Screenshots of a run's dashboard pages, drawn in a real headless Chromium, for the docs and notes.

    python scripts/page_screenshots.py --results results --run epikha_factions \
        --page /factions --page /cards --lang es --lang en --out docs/img

Starts `sim dash` over --results, opens each page of the run in each language at 1400 x 1000, waits
until every plot and table has drawn (the bench's test, scripts/bench_dashboard.py), and writes
OUT/<run>-<page>-<lang>.png. A page that does not draw within a minute stops the script with its
address, so a screenshot never shows a half-drawn page.

Needs Chromium and ChromeDriver (scripts/install_browser.sh) and selenium (the test extra)."""

from __future__ import annotations

import argparse
from pathlib import Path

from bench_dashboard import drawn_at, free_port, page_address, start_browser, start_dash, stop_dash


def file_name(run: str, page: str, lang: str) -> str:
    """`epikha_factions-factions-es.png`: the page's path without its slashes (the runs page: runs)."""
    return f"{run}-{page.strip('/').split('?')[0].replace('/', '-') or 'runs'}-{lang}.png"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", type=Path, required=True, help="the results folder `sim dash` serves")
    parser.add_argument("--run", required=True, help="the run whose pages are shown")
    parser.add_argument("--page", action="append", required=True, help="a page's path, e.g. /factions (repeatable)")
    parser.add_argument("--lang", action="append", choices=("es", "en"), help="languages (default: es)")
    parser.add_argument("--out", type=Path, required=True, help="the folder the PNG files are written to")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    process, _ = start_dash(args.results, port, None)
    driver = start_browser()
    try:
        for lang in args.lang or ["es"]:
            for page in args.page:
                address = f"{page_address(f'http://127.0.0.1:{port}', page, args.run)}&lang={lang}"
                driver.get(address)
                if drawn_at(driver) is None:
                    raise SystemExit(f"{address} did not draw within a minute")
                # the whole page, not only the window: the layout's own height
                height = driver.execute_script("return document.documentElement.scrollHeight")
                driver.set_window_size(1400, max(1000, min(int(height), 4000)))
                drawn_at(driver)
                target = args.out / file_name(args.run, page, lang)
                driver.save_screenshot(str(target))
                driver.set_window_size(1400, 1000)
                print(target)
    finally:
        driver.quit()
        stop_dash(process)


if __name__ == "__main__":
    main()
