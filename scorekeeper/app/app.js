// The phone app's shell: the matches kept in IndexedDB (each as its export JSON, beside the
// standing as last drawn), the standing shown at once, then Python started on Pyodide and every
// question put to the scorekeeper's own modules (scorekeeper/app/main.py: one function, JSON in
// and out). The next hand is entered as on the serve page: the same questions, the preview of
// what the hand would do, then Record.
"use strict";

const $ = (selector, within = document) => within.querySelector(selector);
const { answers, complete, arrange, onEntry } = globalThis.entryQuestions; // questions.js, as serve's page
const sheet = $("#sheet");
const hands = $("#hands");
const entry = $("#entry");
const said = $("#said");
const tools = $("#tools");
const note = $("#note");

let python = null; // scorekeeper.app.main.answer, once Python is ready
let lang = localStorage.getItem("lang") || (navigator.language || "en").slice(0, 2).toLowerCase();
let words = JSON.parse(localStorage.getItem(`words-${lang}`) || "{}");
let current = null; // the id of the match shown
let asking = 0;
let timer = null;

// Where the matches are kept: one IndexedDB store of matches by id, and the settings.

function opened() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open("scorekeeper", 2);
    request.onupgradeneeded = () => {
      const made = request.result.objectStoreNames;
      if (!made.contains("matches")) request.result.createObjectStore("matches", { keyPath: "id" });
      if (!made.contains("settings")) request.result.createObjectStore("settings", { keyPath: "key" });
      // Python's memory once the app's modules are imported, of one build: later starts
      // restore it instead of starting Python and importing them again.
      if (!made.contains("snapshots")) request.result.createObjectStore("snapshots", { keyPath: "build" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
const db = opened();

async function done(transaction) {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

async function read(store, key) {
  const transaction = (await db).transaction(store);
  const request = key === undefined ? transaction.objectStore(store).getAll() : transaction.objectStore(store).get(key);
  await done(transaction);
  return request.result;
}

// A match changed is stored whole, and made the current one, in one transaction: a page
// closed or killed meanwhile leaves the change stored or not, never half.
async function keep(kept) {
  const transaction = (await db).transaction(["matches", "settings"], "readwrite");
  transaction.objectStore("matches").put({ ...kept, lang, updated: Date.now() });
  transaction.objectStore("settings").put({ key: "current", value: kept.id });
  await done(transaction);
  current = kept.id;
}

async function choose(id) {
  const transaction = (await db).transaction("settings", "readwrite");
  transaction.objectStore("settings").put({ key: "current", value: id });
  await done(transaction);
  current = id;
}

// Python

async function ask(request) {
  const answer = JSON.parse(python.answer(JSON.stringify({ ...request, lang })));
  if (answer.kept) await keep(answer.kept);
  return answer;
}

function progress(value) {
  $("#progress").value = value;
}

// Python starts loading at once, while the standing as last drawn is put on the screen: from
// the memory kept at an earlier start of this build where there is one (a fraction of a second),
// else started and its modules imported (seconds), its memory then kept for the next start.
const base = new URL("./", location.href).href;
const build = document.documentElement.dataset.build;
const options = { indexURL: `${base}pyodide/`, lockFileURL: `${base}pyodide/pyodide-lock.json` };
const loading = Promise.all([
  import("./pyodide/pyodide.mjs"),
  read("snapshots", build).catch(() => undefined),
  fetch("scorekeeper.zip").then((response) => response.arrayBuffer()),
]).then(async ([{ loadPyodide }, kept, zipped]) => {
  if (kept) {
    try {
      return [await loadPyodide({ ...options, _loadSnapshot: kept.memory }), zipped, false];
    } catch (error) {
      console.warn("the kept memory could not be restored; starting afresh", error);
    }
  }
  return [await loadPyodide({ ...options, _makeSnapshot: true }), zipped, true];
});

// The memory of a Python that has imported the app's modules, kept for this build only.
async function remember(memory) {
  const transaction = (await db).transaction("snapshots", "readwrite");
  transaction.objectStore("snapshots").clear();
  transaction.objectStore("snapshots").put({ build, memory });
  await done(transaction);
}

async function start() {
  progress(5);
  const [pyodide, zipped, fresh] = await loading;
  progress(70);
  performance.mark("pyodide");
  // The files are unpacked at every start (a kept memory holds no files: the catalogues of the
  // languages are read from them).
  pyodide.unpackArchive(zipped, "zip", { extractDir: "/home/pyodide/app" });
  if (fresh) {
    pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/app'); import scorekeeper.app.main");
    // taken before any of its objects is handed to this script; stored meanwhile
    remember(pyodide.makeMemorySnapshot())
      .then(() => (window.scorekeeperRemembered = true))
      .catch((error) => console.warn("memory not kept", error));
  }
  python = pyodide.pyimport("scorekeeper.app.main");
  window.scorekeeperRestored = !fresh;
  performance.mark("imported");
  progress(85);
  const matches = await read("matches");
  const answer = await ask({ do: "open", matches: matches.map((m) => ({ id: m.id, facts: m.facts })) });
  performance.mark("opened");
  learn(answer);
  progress(100);
  $("#loading").hidden = true;
  window.scorekeeperReady = performance.now(); // ms since the page was asked for
  if (current !== null) await show(current);
  else await screen("new");
}

// The words of the shell, in the language (kept for the next start).
function learn(answer) {
  words = answer.words;
  localStorage.setItem(`words-${lang}`, JSON.stringify(words));
  localStorage.setItem("languages", JSON.stringify(answer.languages));
  offer(answer.languages);
  label();
}

function offer(languages) {
  const choice = $("#lang");
  choice.innerHTML = "";
  for (const [code, name] of Object.entries(languages)) {
    const option = new Option(name, code, false, code === lang);
    option.lang = code;
    choice.append(option);
  }
}

function label() {
  document.documentElement.lang = lang;
  for (const element of document.querySelectorAll("[data-word]")) {
    if (words[element.dataset.word]) element.textContent = words[element.dataset.word];
  }
}

// The screens

async function screen(name) {
  for (const part of document.querySelectorAll(".screen")) part.hidden = part.id !== `screen-${name}`;
  for (const button of document.querySelectorAll("[data-screen]")) {
    if (button.dataset.screen === name) button.setAttribute("aria-current", "true");
    else button.removeAttribute("aria-current");
  }
  if (!python) return;
  if (name === "matches") $("#screen-matches").innerHTML = (await ask({ do: "matches" })).html;
  if (name === "new") $("#screen-new").innerHTML = (await ask({ do: "new_form" })).html;
  if (name === "match" && current === null) {
    sheet.innerHTML = `<p>${words.no_match || ""}</p>`;
    entry.innerHTML = hands.innerHTML = "";
    tools.hidden = true;
  }
}

async function show(id) {
  const answer = await ask({ do: "live", match: id });
  if (!answer.ok) {
    current = null;
    return screen("new");
  }
  await choose(id);
  draw(answer);
  await screen("match");
}

function draw(live) {
  sheet.innerHTML = live.sheet;
  hands.innerHTML = live.hands;
  document.title = live.title;
  entry.innerHTML = live.entry;
  entry.dataset.key = live.key;
  tools.innerHTML = live.tools;
  tools.hidden = false;
}

function tell(lines, wrong, html, where = said) {
  where.hidden = false;
  if (html) where.innerHTML = html; // Python's, every text in it escaped
  else where.textContent = lines.join("\n");
  where.classList.toggle("wrong", Boolean(wrong));
  where.classList.toggle("laid-out", Boolean(html));
}

// The next hand, as on the serve page, and a correction of a hand, alike: the questions, the
// preview of what the answers would do (a form's data-previewed: the answers it is of), then
// the button that does it.

function request(form, asked) {
  if (form.id === "amend") return { do: "amend", ...asked, match: current, number: asked.hand };
  return { do: "hand", ...asked };
}

function changed(form) {
  arrange(form);
  if (JSON.stringify(answers(form)) === form.dataset.previewed) return;
  const preview = $(".preview", form);
  const button = $("button.record", form);
  delete form.dataset.previewed;
  button.disabled = true;
  preview.textContent = "";
  preview.classList.remove("error");
  clearTimeout(timer);
  const asked = answers(form);
  if (complete(form, asked)) timer = setTimeout(() => check(form, asked), 150);
}

async function check(form, asked) {
  const mine = ++asking;
  const preview = $(".preview", form);
  const answer = await ask({ ...request(form, asked), preview: true });
  if (mine !== asking || !form.isConnected) return;
  if (answer.ok) {
    preview.innerHTML = answer.html; // Python's, every text in it escaped
    form.dataset.previewed = JSON.stringify(asked);
    const button = $("button.record", form);
    button.disabled = false;
    button.scrollIntoView({ block: "nearest" });
  } else {
    preview.textContent = answer.error;
    preview.classList.add("error");
  }
}

async function record(form) {
  const asked = answers(form);
  if (JSON.stringify(asked) !== form.dataset.previewed) return;
  $("button.record", form).disabled = true;
  const tapped = performance.now();
  told(await ask(request(form, asked)));
  // how long the hand took to be on the sheet (the frame that shows it)
  requestAnimationFrame(() => (window.scorekeeperRecorded = performance.now() - tapped));
  sheet.scrollIntoView({ block: "start" });
}

function told(answer) {
  if (answer.live) draw(answer.live);
  if (answer.ok) tell(answer.lines, false, answer.html);
  else tell([answer.error], true);
}

onEntry(entry, {
  typed: () => {
    said.hidden = true;
  },
  changed,
  record,
  undo: async (box) =>
    told(await ask({ do: "undo", match: Number(box.dataset.match), hand: Number(box.dataset.hand) })),
});

// A form's fields as the options they set (those left empty left out).
function fields(form, skip) {
  const found = {};
  for (const [name, value] of new FormData(form)) if (!skip.includes(name) && value !== "") found[name] = value;
  return found;
}

// The match's files, a correction, a change of the rules

async function exported(format) {
  const answer = await ask({ do: "export", match: current, format });
  const type = format === "csv" ? "text/csv" : "application/json";
  const file = new File([answer.text], answer.name, { type });
  if (navigator.canShare && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: answer.name });
      return;
    } catch (error) {
      if (error.name === "AbortError") return;
    }
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(file);
  link.download = answer.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

// A correction asks the questions the hand corrected was asked, as the next hand's are asked.
tools.addEventListener("change", async (event) => {
  if (event.target.matches("select[name=number]")) {
    const number = Number(event.target.value);
    const answer = await ask({ do: "correction", match: current, number });
    if (answer.ok) $(".correcting", tools).innerHTML = answer.html;
    return;
  }
  const form = event.target.closest("form#amend");
  if (form) changed(form);
});
tools.addEventListener("input", (event) => {
  const form = event.target.closest("form#amend");
  if (form) changed(form);
});

tools.addEventListener("click", (event) => {
  const button = event.target.closest("button.export");
  if (button) exported(button.dataset.format);
});
tools.addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  if (form.id === "amend") {
    await record(form);
  } else if (form.id === "rules") {
    told(await ask({ do: "rules", match: current, options: fields(form, []) }));
  }
  said.scrollIntoView({ block: "nearest" });
});

$("#screen-new").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const data = new FormData(form);
  const answer = await ask({
    do: "new",
    players: data.getAll("player"),
    teams: data.get("teams") === "on",
    preset: data.get("preset"),
    dealer: data.get("dealer"),
    options: fields(form, ["player", "teams", "preset", "dealer"]),
  });
  if (!answer.ok) {
    tell([answer.error], true, null, $(".said", form));
    return $(".said", form).scrollIntoView({ block: "nearest" }); // below the button: shown
  }
  draw(answer.live);
  await screen("match");
});

// Import: a match the phone does not hold is added, a later state brings it up to date, a
// copy that went its own way is shown beside the phone's, to keep one or both.
$("#screen-matches").addEventListener("change", async (event) => {
  if (event.target.id !== "import-file" || !event.target.files.length) return;
  const file = event.target.files[0];
  await imported(await file.text(), file.name, null);
});

async function imported(text, name, keep) {
  const where = $("#import-said");
  const answer = await ask({ do: "import", text, name, keep });
  if (!answer.ok) return tell([answer.error], true, null, where);
  if (answer.recorded) {
    await choose(answer.kept.id);
    draw(answer.live);
    tell(answer.lines, false);
    return screen("match");
  }
  if (answer.relation === "apart") {
    where.hidden = false;
    where.classList.remove("wrong");
    where.classList.add("laid-out");
    where.innerHTML = `<p>${words.copy_apart}</p><div class="copies"><section>${answer.held}</section><section>${answer.found}</section></div>`;
    for (const [keepIt, label] of [["mine", "keep_mine"], ["theirs", "keep_theirs"], ["both", "keep_both"]]) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = words[label] || keepIt;
      button.addEventListener("click", () => (keepIt === "mine" ? screen("matches") : imported(text, name, keepIt)));
      where.append(button);
    }
    return;
  }
  tell([answer.relation === "same" ? words.same : words.ahead], false, null, where);
}

$("#screen-matches").addEventListener("click", async (event) => {
  const button = event.target.closest("button.open-match");
  if (button) await show(Number(button.dataset.id));
});

for (const button of document.querySelectorAll("[data-screen]")) {
  button.addEventListener("click", () => {
    const name = button.dataset.screen;
    return name === "match" && current !== null && python ? show(current) : screen(name);
  });
}

$("#lang").addEventListener("change", async (event) => {
  lang = event.target.value;
  localStorage.setItem("lang", lang);
  if (!python) return;
  learn(await ask({ do: "words" }));
  const shown = document.querySelector(".screen:not([hidden])").id.replace("screen-", "");
  if (shown === "match" && current !== null) await show(current);
  else await screen(shown);
});

// At once, before Python: the current match's standing as last drawn.
async function first() {
  label();
  offer(JSON.parse(localStorage.getItem("languages") || "{}"));
  const setting = await read("settings", "current");
  if (setting) {
    current = setting.value;
    const kept = await read("matches", current);
    if (kept) {
      sheet.innerHTML = kept.drawn;
      document.title = kept.title;
    }
  }
  window.scorekeeperShown = performance.now();
}

async function persist() {
  if (!navigator.storage || !navigator.storage.persist) return;
  if (await navigator.storage.persisted()) return;
  if (!(await navigator.storage.persist()) && words.saved_only_here) {
    note.textContent = words.saved_only_here;
    note.hidden = false;
  }
}

// A fault of the app's own (a bug, not a refusal, which Python words itself): said at the top,
// never a page that silently stops answering.
window.addEventListener("unhandledrejection", (event) => {
  console.error(event.reason);
  note.textContent = words.failed || String(event.reason);
  note.hidden = false;
});

if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});
first()
  .then(start)
  .then(persist)
  .catch((error) => {
    console.error(error);
    window.scorekeeperFailed = String(error);
    note.textContent = `${words.failed || "Error"} (${error})`;
    note.hidden = false;
  });
