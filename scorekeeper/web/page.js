// The sheet kept up to date from the server's events (and the page offline while they stop), the
// next hand's questions, the preview of what the hand would do, and taking the last hand back
// after a confirmation.
"use strict";

(() => {
  const { answers, complete, arrange, onEntry } = globalThis.entryQuestions; // questions.js
  const body = document.body;
  const token = body.dataset.token;
  const words = JSON.parse(body.dataset.words);
  const sheet = document.getElementById("sheet");
  const hands = document.getElementById("hands");
  const entry = document.getElementById("entry");
  const said = document.getElementById("said");
  const state = document.getElementById("state");
  const newsBox = document.getElementById("news-box");
  const news = document.getElementById("news");
  const newsClose = newsBox.querySelector(".news-close");
  let lastNews = newsBox.dataset.news; // what the last hand won, as this page last heard it
  const note = state.textContent;
  let started = false; // a hand is being entered: answers given since the questions came
  let reported = null; // the questions this phone's own last report brings (its news till then)
  let previewed = null; // the answers the preview shown is of
  let asking = 0; // the number of the latest preview asked for
  let timer = null;

  function tell(lines, wrong, html) {
    said.hidden = false;
    if (html) said.innerHTML = html; // the server's, every text in it escaped
    else said.textContent = lines.join("\n");
    said.classList.toggle("wrong", Boolean(wrong));
    said.classList.toggle("laid-out", Boolean(html));
  }

  // What the last hand won (a game, the match), said loud on every phone when a redraw
  // brings it: in a banner over the standing, which a screen reader reads out; taken away
  // when the news goes (the hand taken back, another hand), or with its button.
  function announce(won) {
    if (won === undefined || won === lastNews) return;
    lastNews = won;
    // A page read from the top of its standing (as the phone that recorded the hand is) shows
    // the banner over it; a page read further down keeps its place.
    const reading = Math.abs(sheet.getBoundingClientRect().top) < 8 && window.scrollY > 0;
    news.innerHTML = won; // the server's, every text in it escaped
    newsBox.classList.toggle("shown", Boolean(won));
    newsClose.hidden = !won;
    if (won && reading) newsBox.scrollIntoView({ block: "start" });
  }

  function quiet() {
    news.innerHTML = "";
    newsBox.classList.remove("shown");
    newsClose.hidden = true;
  }
  newsClose.addEventListener("click", quiet);

  // The live part: the sheet always, the questions only when they are for another hand.
  function apply(live) {
    announce(live.news);
    sheet.innerHTML = live.sheet;
    hands.innerHTML = live.hands;
    document.title = live.title;
    if (live.key !== entry.dataset.key) {
      if (started) {
        tell([words.changed], true);
      } else if (live.key !== reported) {
        said.hidden = true; // what this phone last did is no longer the latest news
      }
      entry.innerHTML = live.entry;
      entry.dataset.key = live.key;
      started = false;
      previewed = null;
    }
  }

  async function post(path, asked) {
    let response;
    try {
      response = await fetch(path, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-Scorekeeper-Token": token },
        body: JSON.stringify(asked),
      });
    } catch (error) {
      return { ok: false, error: words.lost };
    }
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch (error) {
      return { ok: false, error: text };
    }
  }

  function changed(form) {
    started = true;
    arrange(form);
    if (JSON.stringify(answers(form)) === previewed) return; // a field left, nothing changed
    const preview = form.querySelector(".preview");
    const button = form.querySelector("button.record");
    previewed = null;
    button.disabled = true;
    preview.textContent = "";
    preview.classList.remove("error");
    clearTimeout(timer);
    const asked = answers(form);
    if (complete(form, asked)) {
      timer = setTimeout(() => check(form, asked), 250);
    }
  }

  // The preview of the answers given asked for again (the one shown may be of a match since
  // changed, or have failed with the connection).
  function previewAgain(form) {
    previewed = null;
    changed(form);
  }

  // What the hand would do, worked out by the server as a command's --dry-run does.
  async function check(form, asked) {
    const mine = ++asking;
    const preview = form.querySelector(".preview");
    preview.textContent = words.checking;
    const answer = await post("/hand", { ...asked, preview: true });
    if (mine !== asking || !form.isConnected) return;
    if (answer.ok) {
      preview.innerHTML = answer.html; // the server's, every text in it escaped
      previewed = JSON.stringify(asked);
      const button = form.querySelector("button.record");
      button.disabled = false;
      button.scrollIntoView({ block: "nearest", behavior: "smooth" }); // the preview over it
    } else {
      preview.textContent = answer.error;
      preview.classList.add("error");
      if (answer.live && answer.live.key !== entry.dataset.key) {
        started = false;
        apply(answer.live);
        tell([answer.error], true);
      }
    }
  }

  async function record(form) {
    const asked = answers(form);
    if (JSON.stringify(asked) !== previewed) return;
    form.querySelector("button.record").disabled = true;
    started = false; // the hand is this phone's: the stream may show it before the answer comes
    const answer = await post("/hand", asked);
    told(answer);
    if (answer.ok) {
      newsBox.scrollIntoView({ block: "start" }); // the standing the hand made (and its news)
    } else if (form.isConnected) {
      previewAgain(form); // not stored, and still the hand to enter
    }
  }

  // What a write's answer says, shown until the stream brings news other than its own (the
  // stream may redraw the page before the answer comes or after).
  function told(answer) {
    if (answer.live) apply(answer.live);
    reported = answer.ok ? answer.key : null;
    if (answer.ok) tell(answer.lines, false, answer.html);
    else tell([answer.error], true);
  }

  async function undo(box) {
    for (const button of box.querySelectorAll("button")) button.disabled = true;
    started = false; // the change is this phone's: the stream may show it before the answer
    const answer = await post("/undo", {
      match: Number(box.dataset.match),
      hand: Number(box.dataset.hand),
    });
    told(answer);
  }

  function typed() {
    if (!started) {
      said.hidden = true; // a new hand begun: the last one's report is old news
      quiet();
    }
  }
  onEntry(entry, { typed, changed, record, undo });

  // The connection to the server. The stream says something at least every few seconds (a
  // beat when nothing changed): a page that hears nothing for longer, or whose stream fails,
  // is offline. It then says so at the top, takes no entry, and tries again by itself, ever
  // more slowly (1, 2, 4, 8 s, then every 10 s), at once when the phone wakes or its network
  // comes back; the first sheet a new stream sends redraws the page whole.
  const banner = document.getElementById("offline");
  const QUIET = 5000; // ms without a word (beats come every 2 s): the connection is gone
  let source = null;
  let heard = 0;
  let attempt = 0;
  let retry = null;

  // Every control of the entry made unusable (and those it disabled itself left so).
  function usable(yes) {
    entry.inert = !yes;
    entry.classList.toggle("offline", !yes);
    for (const control of entry.querySelectorAll("button, input, select, textarea")) {
      if (!yes && !control.disabled) {
        control.disabled = true;
        control.dataset.offline = "";
      } else if (yes && "offline" in control.dataset) {
        control.disabled = false;
        delete control.dataset.offline;
      }
    }
  }

  function offline(message) {
    if (source) source.close();
    source = null;
    banner.textContent = message || words.offline;
    if (banner.hidden) {
      // The banner pushes the page down where it is read: the browser would keep what is in
      // view in its place and put the banner over it.
      const read = window.scrollY;
      banner.hidden = false;
      window.scrollTo(window.scrollX, read);
    }
    state.textContent = words.lost;
    state.classList.add("lost");
    usable(false);
    clearTimeout(retry);
    retry = setTimeout(reconnect, Math.min(10000, 1000 * 2 ** attempt));
    attempt += 1;
  }

  function online() {
    attempt = 0;
    banner.hidden = true;
    state.textContent = note;
    state.classList.remove("lost");
    usable(true);
  }

  // Whether the server is back (and still lets this phone in) before the stream is opened
  // again: a phone shut out by a new join code is told so, in the server's words.
  async function reconnect() {
    clearTimeout(retry);
    try {
      const response = await fetch("/live", { method: "HEAD", credentials: "same-origin" });
      if (response.ok) {
        listen();
        return;
      }
      offline(await (await fetch("/live", { credentials: "same-origin" })).text());
    } catch (error) {
      offline();
    }
  }

  // A redraw sends only what changed: each text as the pieces it keeps of the one the stream
  // sent before ([start, end] in it) and the text that is new (web/redraw.py).
  let streamed = null; // the live part as this stream last sent it
  function patched(ops, old) {
    return ops.map((op) => (typeof op === "string" ? op : old.slice(op[0], op[1]))).join("");
  }

  function listen() {
    if (source) source.close();
    heard = Date.now();
    streamed = null;
    source = new EventSource("/events");
    source.addEventListener("live", (event) => {
      heard = Date.now();
      const back = !banner.hidden;
      online();
      streamed = JSON.parse(event.data);
      apply(streamed);
      // A hand half entered while the page was offline is previewed again.
      const form = entry.querySelector("form.hand");
      if (back && started && form) previewAgain(form);
    });
    source.addEventListener("change", (event) => {
      heard = Date.now();
      if (!streamed) return offline(); // a change of nothing: start again, whole
      const changed = JSON.parse(event.data);
      const live = {};
      for (const [name, value] of Object.entries(changed)) {
        live[name] = Array.isArray(value) ? patched(value, streamed[name]) : value;
      }
      streamed = live;
      online();
      apply(live);
    });
    source.addEventListener("beat", () => {
      heard = Date.now();
    });
    source.addEventListener("error", () => offline());
  }

  setInterval(() => {
    if (source && Date.now() - heard > QUIET) offline();
  }, 1000);
  for (const [target, name] of [[window, "online"], [document, "visibilitychange"]]) {
    target.addEventListener(name, () => {
      // A phone woken: its stream may have died while it slept; try at once, not later.
      if (!document.hidden && (!source || Date.now() - heard > QUIET)) reconnect();
    });
  }
  listen();
})();
