// The sheet kept up to date from the server's events, the next hand's questions, the preview
// of what the hand would do, and taking the last hand back after a confirmation.
"use strict";

(() => {
  const body = document.body;
  const token = body.dataset.token;
  const words = JSON.parse(body.dataset.words);
  const sheet = document.getElementById("sheet");
  const hands = document.getElementById("hands");
  const entry = document.getElementById("entry");
  const said = document.getElementById("said");
  const state = document.getElementById("state");
  const note = state.textContent;
  let started = false; // a hand is being entered: answers given since the questions came
  let previewed = null; // the answers the preview shown is of
  let asking = 0; // the number of the latest preview asked for
  let timer = null;

  function tell(lines, wrong) {
    said.hidden = false;
    said.textContent = lines.join("\n");
    said.classList.toggle("wrong", Boolean(wrong));
  }

  // The live part: the sheet always, the questions only when they are for another hand.
  function apply(live) {
    sheet.innerHTML = live.sheet;
    hands.innerHTML = live.hands;
    document.title = live.title;
    if (live.key !== entry.dataset.key) {
      if (started) {
        tell([words.changed], true);
      } else {
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

  function answers(form) {
    const asked = { match: Number(form.dataset.match), hand: Number(form.dataset.hand) };
    for (const [name, value] of new FormData(form)) {
      asked[name] = typeof value === "string" ? value.trim() : "";
    }
    return asked;
  }

  function complete(form, asked) {
    if (!asked.kind) return false;
    if (form.querySelector("input[name=upcard]") && !asked.upcard) return false;
    if (asked.kind === "wall") {
      return !form.querySelector("input[name=table]") || Boolean(asked.table);
    }
    if (!asked.who || asked.od === undefined || asked.od === "") return false;
    return asked.kind !== "knock" || (asked.kd !== undefined && asked.kd !== "");
  }

  // Show the questions the answers so far call for, in the words for the player chosen.
  function arrange(form) {
    const kind = (form.querySelector("input[name=kind]:checked") || {}).value;
    const who = (form.querySelector("input[name=who]:checked") || {}).value;
    for (const part of form.querySelectorAll("[data-for]")) {
      const wanted = part.dataset.for;
      if (wanted === "kd") part.hidden = !(kind === "knock" && who);
      else if (wanted === "od") part.hidden = !(kind && kind !== "wall" && who);
      else part.hidden = !kind || !wanted.split(" ").includes(kind);
    }
    const legend = form.querySelector("legend[data-gin]");
    if (legend && kind) legend.textContent = kind === "knock" ? legend.dataset.knock : legend.dataset.gin;
    const labels = JSON.parse(form.dataset.labels);
    if (who && labels[who]) {
      form.querySelector(".label-kd").textContent = labels[who].kd;
      form.querySelector(".label-od").textContent =
        kind === "knock" ? labels[who].knock : labels[who].gin;
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

  // What the hand would do, worked out by the server as 'knock --dry-run' does.
  async function check(form, asked) {
    const mine = ++asking;
    const preview = form.querySelector(".preview");
    preview.textContent = words.checking;
    const answer = await post("/hand", { ...asked, preview: true });
    if (mine !== asking || !form.isConnected) return;
    if (answer.ok) {
      preview.textContent = answer.lines.join("\n");
      previewed = JSON.stringify(asked);
      form.querySelector("button.record").disabled = false;
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
    const answer = await post("/hand", asked);
    started = false;
    if (answer.live) apply(answer.live);
    if (answer.ok) tell(answer.lines, false);
    else tell([answer.error], true);
  }

  async function undo(box) {
    for (const button of box.querySelectorAll("button")) button.disabled = true;
    const answer = await post("/undo", {
      match: Number(box.dataset.match),
      hand: Number(box.dataset.hand),
    });
    started = false;
    if (answer.live) apply(answer.live);
    if (answer.ok) tell(answer.lines, false);
    else tell([answer.error], true);
  }

  entry.addEventListener("input", (event) => {
    const form = event.target.closest("form.hand");
    if (form) changed(form);
  });
  entry.addEventListener("change", (event) => {
    const form = event.target.closest("form.hand");
    if (form) changed(form);
  });
  entry.addEventListener("submit", (event) => {
    event.preventDefault();
    record(event.target);
  });
  entry.addEventListener("click", (event) => {
    const box = event.target.closest(".undo");
    if (!box) return;
    const confirm = box.querySelector(".undo-confirm");
    if (event.target.matches(".undo-ask")) {
      confirm.hidden = false;
      event.target.hidden = true;
    } else if (event.target.matches(".undo-no")) {
      confirm.hidden = true;
      box.querySelector(".undo-ask").hidden = false;
    } else if (event.target.matches(".undo-yes")) {
      undo(box);
    }
  });

  const source = new EventSource("/events");
  source.addEventListener("live", (event) => {
    state.textContent = note;
    state.classList.remove("lost");
    apply(JSON.parse(event.data));
  });
  source.addEventListener("error", () => {
    state.textContent = words.lost;
    state.classList.add("lost");
  });
})();
