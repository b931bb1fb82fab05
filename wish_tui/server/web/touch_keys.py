"""The game's keys as buttons on a phone's page: a row of the keys every screen uses, and a pad.

On a touch screen (or a window as small as a phone's) the page shows, under the terminal, a row
of large buttons (Esc, Tab, the arrows, ?, Enter) and a button that opens a pad of the letters,
digits, space, backspace, Shift and Ctrl, so the game is played without the on-screen keyboard
(a tap on the terminal does not open that keyboard either). The terminal's font is 14 CSS px there, and it
is fitted again to the room left whenever the window turns, resizes or the pad opens or closes.
A button sends its key on the websocket as the terminal itself sends a typed key; a tap on the
terminal reaches the app as a mouse click (xterm.js reports it, Textual handles it), and a finger
drawn up or down it as the wheel, a row of the terminal at a time.
"""

from __future__ import annotations

from html import escape

PHONE_FONT_SIZE = 14
"""The terminal's font size in CSS px on a phone: legible at arm's length."""

ROW = (
    ("escape", "Esc", "Escape"),
    ("tab", "Tab", "Tab: the next part"),
    ("left", "←", "Left"),
    ("up", "↑", "Up"),
    ("down", "↓", "Down"),
    ("right", "→", "Right"),
    ("?", "?", "Help"),
    ("pad", "abc", "Letters and digits"),
    ("enter", "Enter", "Enter"),
)
"""The keys always shown on a phone: (what it sends, its label, what it is called aloud)."""

PAD = (
    *tuple((key, key, key) for key in "1234567890qwertyuiopasdfghjkl"),
    ("backspace", "⌫", "Backspace"),
    ("shift", "⇧", "Shift: the next letter in capitals"),
    *tuple((key, key, key) for key in "zxcvbnm"),
    ("ctrl", "Ctl", "Ctrl: the next letter with Ctrl"),
    ("space", "␣", "Space"),
)
"""The pad: letters and digits in a keyboard's order, backspace, Shift, Ctrl and space."""

TOUCH_STYLE = """
#keys, #pad { display: none; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body.-phone { display: flex; flex-direction: column; height: 100dvh; overflow: hidden;
  touch-action: manipulation; -webkit-text-size-adjust: 100%; }
body.-phone #terminal { position: relative; inset: auto; flex: 1 1 0; min-height: 0;
  min-width: 0; overflow: hidden; }
body.-phone #keys { display: flex; flex: 0 0 auto; gap: 2px; padding: 2px; background: #12232d; }
body.-phone.-pad #pad { display: grid; flex: 0 0 auto; gap: 2px; padding: 2px;
  background: #12232d; grid-template-columns: repeat(10, minmax(0, 1fr)); }
body.-phone button.key { flex: 1 1 0; min-width: 0; min-height: 46px; padding: 0;
  background: #24414f; color: #f0f0f0; border: none; border-radius: 4px;
  font: 16px "Roboto Mono", Menlo, monospace; touch-action: manipulation;
  -webkit-user-select: none; user-select: none; }
body.-phone #keys button.key { overflow: hidden; font-size: 13px; }
body.-phone button.key:active, body.-phone button.key.-on { background: #5e0ba7; }
@media (orientation: landscape) {
  body.-phone { flex-direction: row; }
  body.-phone #keys { display: grid; grid-template-columns: repeat(3, 46px);
    grid-auto-rows: 46px; align-content: center; }
  body.-phone #keys button.key { min-height: 0; }
  body.-phone #keys [data-key="escape"] { grid-area: 1 / 1; }
  body.-phone #keys [data-key="tab"] { grid-area: 1 / 2; }
  body.-phone #keys [data-key="?"] { grid-area: 1 / 3; }
  body.-phone #keys [data-key="pad"] { grid-area: 2 / 1; }
  body.-phone #keys [data-key="up"] { grid-area: 2 / 2; }
  body.-phone #keys [data-key="left"] { grid-area: 3 / 1; }
  body.-phone #keys [data-key="down"] { grid-area: 3 / 2; }
  body.-phone #keys [data-key="right"] { grid-area: 3 / 3; }
  body.-phone #keys [data-key="enter"] { grid-area: 4 / 1 / 5 / 4; }
  body.-phone.-pad #pad { width: 250px; grid-template-columns: repeat(5, minmax(0, 1fr));
    align-content: center; }
}
"""
"""The buttons' look: under the terminal in portrait, at its side in landscape (rows are few)."""

TOUCH_SCRIPT = """\
"use strict";
// The buttons of a phone's page: each sends its key to the game on the page's websocket.
(() => {
  const sequences = {
    escape: "\\x1b", tab: "\\t", enter: "\\r", left: "\\x1b[D", up: "\\x1b[A",
    down: "\\x1b[B", right: "\\x1b[C", space: " ", backspace: "\\x7f",
  };
  const isPhone = () => window.matchMedia("(pointer: coarse)").matches
    || Math.min(window.innerWidth, window.innerHeight) < 500;
  const refit = () => window.dispatchEvent(new Event("resize"));
  const modifiers = { shift: false, ctrl: false };
  const text = (key) => {
    if (key in sequences) return sequences[key];
    let typed = modifiers.shift ? key.toUpperCase() : key;
    if (modifiers.ctrl && /^[a-z]$/i.test(key)) typed = String.fromCharCode(key.toLowerCase().charCodeAt(0) & 31);
    return typed;
  };
  const showModifiers = () => {
    for (const name of Object.keys(modifiers)) {
      const button = document.querySelector(`button[data-key="${name}"]`);
      if (button) button.classList.toggle("-on", modifiers[name]);
    }
  };
  const press = (key) => {
    const body = document.body;
    if (key === "pad") {
      const open = body.classList.toggle("-pad");
      document.querySelector('button[data-key="pad"]').classList.toggle("-on", open);
      refit();
      return;
    }
    if (key in modifiers) {
      modifiers[key] = !modifiers[key];
      showModifiers();
      return;
    }
    const socket = window.wishTuiSocket;
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(["stdin", text(key)]));
    }
    modifiers.shift = modifiers.ctrl = false;
    showModifiers();
  };
  document.addEventListener("DOMContentLoaded", () => {
    if (!isPhone()) return;
    document.body.classList.add("-phone");
    const terminal = document.getElementById("terminal");
    terminal.dataset.fontSize = terminal.dataset.phoneFontSize || terminal.dataset.fontSize;
    for (const button of document.querySelectorAll("button.key")) {
      // A button keeps the focus where it was: a tap never opens the phone's keyboard.
      button.addEventListener("mousedown", (event) => event.preventDefault());
      button.addEventListener("click", () => press(button.dataset.key));
    }
    window.addEventListener("orientationchange", () => setTimeout(refit, 200));
    if (window.visualViewport) window.visualViewport.addEventListener("resize", refit);
  });
  // A finger drawn up or down the terminal scrolls what lies under it, as a mouse's wheel
  // would: xterm.js sends no wheel for a touch while the game takes the mouse.
  const swipe = { y: null };
  const cell = (touch) => {
    const size = window.wishTuiSize;
    const box = document.getElementById("terminal").getBoundingClientRect();
    if (!size || !box.width || !box.height) return null;
    const column = Math.floor((touch.clientX - box.left) / (box.width / size.width)) + 1;
    const row = Math.floor((touch.clientY - box.top) / (box.height / size.height)) + 1;
    return { column: Math.max(1, Math.min(size.width, column)),
      row: Math.max(1, Math.min(size.height, row)), height: box.height / size.height };
  };
  const onTouch = (event) => {
    const onTerminal = event.target.closest && event.target.closest("#terminal");
    if (event.touches.length !== 1 || !onTerminal || !document.body.classList.contains("-phone")) return;
    const touch = event.touches[0];
    if (event.type === "touchstart") { swipe.y = touch.clientY; return; }
    const at = cell(touch);
    const socket = window.wishTuiSocket;
    if (swipe.y === null || !at || !socket || socket.readyState !== WebSocket.OPEN) return;
    while (Math.abs(touch.clientY - swipe.y) >= at.height) {
      const down = touch.clientY < swipe.y;  // the finger goes up: what lies below comes up
      socket.send(JSON.stringify(["stdin", `\x1b[<${down ? 65 : 64};${at.column};${at.row}M`]));
      swipe.y += down ? -at.height : at.height;
    }
  };
  document.addEventListener("touchstart", onTouch, { capture: true, passive: true });
  document.addEventListener("touchmove", onTouch, { capture: true, passive: true });
  // A tap on the terminal is a click for the game, not a request for the phone's keyboard.
  new MutationObserver((changes, observer) => {
    const helper = document.querySelector("#terminal .xterm-helper-textarea");
    if (!helper || !document.body) return;
    if (document.body.classList.contains("-phone")) helper.setAttribute("inputmode", "none");
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
})();
"""


def _button(key: str, label: str, name: str) -> str:
    return (
        f'<button type="button" class="key" data-key="{escape(key)}" '
        f'aria-label="{escape(name)}">{escape(label, quote=False)}</button>'
    )


def touch_keys_html() -> str:
    """The row of keys and the pad, hidden unless the page is on a phone."""
    row = "".join(_button(*key) for key in ROW)
    pad = "".join(_button(*key) for key in PAD)
    return (
        f'<div id="pad" role="group" aria-label="Letters and digits">{pad}</div>\n'
        f'<nav id="keys" aria-label="Game keys">{row}</nav>'
    )
