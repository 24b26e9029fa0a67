// icons.js: the few pictures the screens use, as inline SVG (no emoji font is needed), each
// aria-hidden: the button or element that holds one carries the words.

const svg = (body, view = "0 0 24 24") =>
  `<svg class="icon" viewBox="${view}" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;

export const ICONS = {
  trophy: svg('<path d="M8 4h8v5a4 4 0 0 1-8 0z" fill="currentColor"/><path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8M9 17h6"/>'),
  soundOn: svg('<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11"/>'),
  soundOff: svg('<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16 9l6 6M22 9l-6 6"/>'),
  gear: svg('<circle cx="12" cy="12" r="3"/><path d="M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1L7 17M17 7l2.1-2.1"/><circle cx="12" cy="12" r="7"/>'),
  help: svg('<circle cx="12" cy="12" r="10"/><path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7v.5"/><circle cx="12" cy="17.5" r=".6" fill="currentColor"/>'),
  home: svg('<path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10"/>'),
  chat: svg('<path d="M4 5h16v11H9l-5 4z"/>'),
  menu: svg('<path d="M4 6h16M4 12h16M4 18h16"/>'),
  undo: svg('<path d="M9 14L4 9l5-5"/><path d="M4 9h10a6 6 0 0 1 0 12h-3"/>'),
  back: svg('<path d="M15 18l-6-6 6-6"/>'),
};
