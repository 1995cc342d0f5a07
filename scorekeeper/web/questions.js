// The next hand's questions on an entry form, as its data names them (data-asks: those asked
// first, then each ending's), for serve's page and the phone app alike: the answers given so
// far, whether they answer every question they call for, the form arranged to show those
// questions in their words, and the entry's events, the box that takes the last hand back
// (asked twice) among them. It names no ending: the data says what each asks.
"use strict";

globalThis.entryQuestions = (() => {
  function answers(form) {
    const asked = { match: Number(form.dataset.match), hand: Number(form.dataset.hand) };
    for (const [name, value] of new FormData(form)) {
      asked[name] = typeof value === "string" ? value.trim() : "";
    }
    return asked;
  }

  // The questions the answers given call for: those asked first, then those of the way the
  // hand ended.
  function called(form, asked) {
    const data = JSON.parse(form.dataset.asks);
    const later = Object.hasOwn(data.endings, asked.kind) ? data.endings[asked.kind] : [];
    return [...data.first, ...later];
  }

  function complete(form, asked) {
    return Boolean(asked.kind) && called(form, asked).every((q) => Boolean(asked[q.field]));
  }

  // Show the questions the answers so far call for, in their words (those naming the winner
  // once the winner is chosen).
  function arrange(form) {
    const asked = answers(form);
    const words = {};
    for (const q of called(form, asked)) {
      words[q.field] = q.after ? q.asks[asked[q.after]] : q.asks;
    }
    for (const part of form.querySelectorAll("[data-field]")) {
      const said = words[part.dataset.field];
      part.hidden = said === undefined;
      if (said !== undefined) part.querySelector(".asks").textContent = said;
    }
  }

  // A click in the entry: on the take-back box's first button it asks to be sure, on No it
  // asks no more, on Yes the box is handed to ``yes``.
  function undoClicked(event, yes) {
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
      yes(box);
    }
  }

  // The entry's events, for both pages: ``typed`` on every keystroke or tap, then ``changed``
  // with the form answered; ``record`` with a form sent; ``undo`` with the take-back box once
  // the phone is sure.
  function onEntry(entry, { typed, changed, record, undo }) {
    entry.addEventListener("input", (event) => {
      typed();
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
    entry.addEventListener("click", (event) => undoClicked(event, undo));
  }

  return { answers, complete, arrange, onEntry };
})();
