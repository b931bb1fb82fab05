"""The pages of `wish-tui serve --web`: the game's page, a page of one sentence, the guest form.

The game's page holds the terminal of textual-serve (its ``textual.js``, xterm.js inside, and its
stylesheet and font, served from the textual-serve package) and a small script of ours
(`PAGE_SCRIPT`) that points the terminal at this server's websocket and writes the sentence the
server closes a session with where the page says "The session ended". On a phone the page also
holds the game's keys as buttons (`touch_keys`). Every page is built here
from fixed text; what a visitor sent appears in one only escaped.
"""

from __future__ import annotations

from html import escape

from wish_tui.server.web.touch_keys import PHONE_FONT_SIZE, TOUCH_STYLE, touch_keys_html

TITLE = "wish_tui"

_STYLE = """
@font-face { font-family: "Roboto Mono"; font-display: block;
  src: url("/static/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }
html, body { margin: 0; height: 100%; background: #0c181f; color: #f0f0f0;
  font-family: "Roboto Mono", Menlo, monospace; }
.dialog { position: absolute; inset: 0; display: flex; align-items: center;
  justify-content: center; z-index: 10; }
.box { max-width: 40em; margin: 2em; padding: 2em; background: #12232d; line-height: 1.5; }
.box a, .box button { display: inline-block; margin-top: 1em; padding: 0.6em 1.6em;
  background: #5e0ba7; color: #fff; border: none; font: inherit; text-decoration: none;
  cursor: pointer; }
.box input { font: inherit; padding: 0.4em; width: 16em; }
.closed { display: none; }
body.-closed .closed { display: flex; }
body.-first-byte .intro, body.-closed .intro { display: none; }
#terminal { position: absolute; inset: 0; }
body .textual-terminal { opacity: 0; }
body.-first-byte .textual-terminal { opacity: 1; }
"""

PAGE_SCRIPT = """\
"use strict";
// The sentence the server ends a session with: an ["end", sentence] message, else a close reason.
(() => {
  const Native = window.WebSocket;
  const byCode = {
    1006: "The connection to the server was lost; reload the page to return to your seats.",
    1009: "That input was too large for the server; reload the page to return to your seats.",
  };
  let said = "";
  const say = (text) => {
    if (said || !text) return;
    said = text;
    const where = document.getElementById("closed-sentence");
    if (where) where.textContent = text;
  };
  class SessionSocket extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      window.wishTuiSocket = this;  // the phone's buttons send their keys on it
      let drawn = false;
      this.addEventListener("message", (event) => {
        if (typeof event.data !== "string") {
          // Once the game draws, keys go to it without a click on it first.
          if (!drawn && event.data.byteLength > 200) {
            drawn = true;
            const keys = document.querySelector("#terminal .xterm-helper-textarea");
            if (keys) setTimeout(() => keys.focus(), 0);
          }
          return;
        }
        try {
          const message = JSON.parse(event.data);
          if (message[0] === "end") say(String(message[1]));
        } catch (error) { /* not ours */ }
      });
      this.addEventListener("close", (event) => say(event.reason || byCode[event.code] || ""));
    }
  }
  // The terminal's columns and rows, as the page last told the server (a finger's swipe is
  // sent as the wheel at the cell under it).
  const send = Native.prototype.send;
  SessionSocket.prototype.send = function (data) {
    try {
      const message = typeof data === "string" ? JSON.parse(data) : null;
      if (message && message[0] === "resize") window.wishTuiSize = message[1];
    } catch (error) { /* not ours */ }
    return send.call(this, data);
  };
  window.WebSocket = SessionSocket;
  document.addEventListener("DOMContentLoaded", () => {
    const terminal = document.getElementById("terminal");
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    terminal.dataset.sessionWebsocketUrl = scheme + location.host + "/ws";
  });
})();
"""

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "font-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; "
        "base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}
"""Sent with every page: nothing but this server's own scripts, no framing, no address sent to another site."""


def _page(body: str, head: str = "") -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1, '
        'interactive-widget=resizes-content">\n'
        f"<title>{TITLE}</title>\n<style>{_STYLE}{TOUCH_STYLE}</style>\n{head}</head>\n"
        f"<body>\n{body}\n</body>\n</html>\n"
    )


def game_page(name: str, font_size: int = 16) -> str:
    """The page whose terminal runs the app, for the person called `name`."""
    head = (
        '<link rel="preload" href="/static/fonts/RobotoMono-VariableFont_wght.ttf" as="font" '
        'type="font/ttf" crossorigin>\n'
        '<link rel="stylesheet" href="/static/css/xterm.css">\n'
        '<script src="/page.js"></script>\n'
        '<script src="/keys.js"></script>\n'
        '<script src="/static/js/textual.js"></script>\n'
    )
    body = (
        '<div class="dialog intro"><div class="box">'
        f"Starting the game for {escape(name, quote=False)}…</div></div>\n"
        '<div class="dialog closed"><div class="box">'
        '<div id="closed-sentence">The session ended.</div>'
        '<a href="/">Reload</a></div></div>\n'
        f'<div id="terminal" class="textual-terminal" data-font-size="{int(font_size)}" '
        f'data-phone-font-size="{PHONE_FONT_SIZE}"></div>\n'
        f"{touch_keys_html()}"
    )
    return _page(body, head)


def sentence_page(sentence: str) -> str:
    """A page that says one sentence (a refused link, a page that is not here)."""
    return _page(
        f'<div class="dialog"><div class="box"><p id="sentence">{escape(sentence, quote=False)}</p></div></div>'
    )


def guest_page(problem: str = "") -> str:
    """The form that signs a browser in as a guest (with `--open`), with what was wrong."""
    said = f'<p id="sentence">{escape(problem, quote=False)}</p>' if problem else ""
    return _page(
        '<div class="dialog"><div class="box">'
        "<p>Sit down as a guest: choose the name the others will see.</p>"
        f"{said}"
        '<form method="post" action="/guest">'
        '<input name="name" maxlength="24" autofocus required autocomplete="nickname" '
        'aria-label="Your name"> <button type="submit">Sit down</button>'
        "</form></div></div>"
    )
