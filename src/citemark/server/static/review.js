// citemark review page.
//
// Everything from the answer and the sources is untrusted (model output, uploaded
// documents): it is only ever inserted with createTextNode / textContent, never as
// markup. The page talks to the same server it came from and loads nothing else.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const KEY_STORE = "citemark.apiKey";
  const STATUS_LABEL = { supported: "Supported", partial: "Partial", unsupported: "Unsupported", no_claim: "No claim" };
  const STATUS_ICON = { supported: "✓", partial: "◐", unsupported: "⚠", no_claim: "–" };
  // Statuses a reviewer must look at; "supported" and "no_claim" (a lead-in or
  // heading, nothing to check) are drawn without a flag.
  const FLAGGED = { unsupported: 0, partial: 1 };
  const KIND_LABEL = { verbatim: "Verbatim quote", paraphrase: "Paraphrase support" };
  // How one cited source stands to the sentence that cites it, judged on that source alone.
  const VERDICT_TEXT = { supports: "supports this", partial: "supports this in part", does_not_support: "does not support this" };
  // The citation statuses a sentence is badged with; "correct" needs no badge, and an
  // "unsupported" sentence is flagged by its status already.
  const CITATION_BADGE = { miscited: "Miscited", uncited: "Uncited" };
  // The forms of a citation written in the answer ("[2]", "[S2]", "^2", "【2】"); the
  // others are the structured citations an API returned, which cover a stretch of it.
  const MARKER_FORMS = new Set(["numeric", "id", "caret", "lenticular"]);

  // The review on screen: the answer and sources it was made from, and the report.
  let current = null;
  let records = [];

  // ------------------------------------------------------------------ DOM helpers

  /** An element with attributes and children; strings become text nodes. */
  function h(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "class") node.className = value;
      else if (name === "dataset") Object.assign(node.dataset, value);
      else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? "" : String(value));
    }
    return put(node, ...children);
  }

  /** ``node.append(...children)``, text fenced as h() fences it. */
  function put(node, ...children) {
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      if (child instanceof Node) node.append(child);
      else node.append(...textNodes(String(child)));
    }
    return node;
  }

  // The characters that open or close a bidi embedding, override or isolate. Matching
  // reads text in logical order, the browser shows it in visual order: with these, a
  // quote of "500 dollars ... 900 dollars" showed as "900 dollars ... 500 dollars".
  // Each stands alone in a <bdi>, which ends its effect where it starts, and
  // is shown (.bidi-control) so that the reviewer sees it is there; the text is unchanged.
  const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/g;

  function textNodes(text) {
    const nodes = [];
    let position = 0;
    for (const found of text.matchAll(BIDI_CONTROL)) {
      if (found.index > position) nodes.push(document.createTextNode(text.slice(position, found.index)));
      const code = found[0].codePointAt(0).toString(16).toUpperCase();
      const fence = document.createElement("bdi");
      fence.className = "bidi-control";
      fence.title = `invisible direction control U+${code}`;
      fence.dataset.code = `U+${code}`;
      fence.append(document.createTextNode(found[0]));
      nodes.push(fence);
      position = found.index + found[0].length;
    }
    if (position < text.length || nodes.length === 0) nodes.push(document.createTextNode(text.slice(position)));
    return nodes;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  function setStatus(message) {
    $("status").textContent = message || "";
  }

  function showError(message) {
    const box = $("error");
    box.textContent = message || "";
    box.hidden = !message;
  }

  const percent = (x) => `${Math.round((x || 0) * 100)}%`;
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

  // ------------------------------------------------------------------ API

  function headers(json) {
    const result = {};
    if (json) result["Content-Type"] = "application/json";
    const key = $("api-key").value.trim();
    if (key) result["X-API-Key"] = key;
    return result;
  }

  async function api(path, body) {
    const response = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      headers: headers(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let data = null;
    try {
      data = await response.json();
    } catch (_) {
      data = null;
    }
    if (!response.ok) {
      if (response.status === 401) {
        $("api-key").focus();
        throw new Error("This server needs an API key: enter it in the field at the top.");
      }
      const reason = data && data.error ? data.error : `${response.status} ${response.statusText}`;
      throw new Error(reason);
    }
    return data;
  }

  async function loadPresets() {
    try {
      const data = await api("v1/presets");
      const select = $("preset");
      const chosen = select.value;
      while (select.options.length > 1) select.remove(1);
      select.options[0].textContent = `server default (${data.default})`;
      for (const name of data.presets) put(select, h("option", { value: name }, name));
      select.value = data.presets.includes(chosen) ? chosen : "";
    } catch (_) {
      // Without the key the list stays short; checking still works once it is entered.
    }
  }

  // ------------------------------------------------------------------ inputs

  function parseSources(text) {
    let sources;
    try {
      sources = JSON.parse(text);
    } catch (err) {
      throw new Error(`The sources are not valid JSON: ${err.message}`);
    }
    if (sources && !Array.isArray(sources) && Array.isArray(sources.sources)) {
      sources = sources.sources;
    }
    if (!Array.isArray(sources)) {
      throw new Error('The sources must be a JSON list of documents: [{"id": "...", "text": "..."}].');
    }
    return sources;
  }

  async function check() {
    showError("");
    const answer = $("answer").value;
    if (!answer.trim()) {
      showError("The answer is empty: paste the answer to check.");
      $("answer").focus();
      return;
    }
    let sources;
    try {
      sources = parseSources($("sources").value);
    } catch (err) {
      showError(err.message);
      $("sources").focus();
      return;
    }
    const body = { answer, sources };
    if ($("preset").value) body.config = $("preset").value;
    const button = $("check");
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    setStatus("Checking… (the first check may take a few seconds while the model loads)");
    try {
      const report = await api("v1/align", body);
      show(answer, sources, report);
      setStatus("");
      $("input-panel").open = false;
    } catch (err) {
      setStatus("");
      showError(err.message);
    } finally {
      button.disabled = false;
      button.removeAttribute("aria-busy");
    }
  }

  async function loadExample() {
    showError("");
    try {
      const example = await api("v1/example");
      $("answer").value = example.answer;
      $("sources").value = JSON.stringify(example.sources, null, 2);
      setStatus("Example loaded: press Check.");
      $("check").focus();
    } catch (err) {
      showError(err.message);
    }
  }

  /** Read a .json file (one object or list) or a .jsonl file (one record per line). */
  async function openFile(file) {
    showError("");
    const text = await file.text();
    let items;
    try {
      items = [JSON.parse(text)];
    } catch (_) {
      try {
        items = text.split(/\r?\n/).filter((line) => line.trim()).map((line) => JSON.parse(line));
      } catch (err) {
        showError(`${file.name} is neither JSON nor JSON lines: ${err.message}`);
        return;
      }
    }
    if (!items.length) {
      showError(`${file.name} is empty.`);
      return;
    }
    records = items;
    const picker = $("record-picker");
    const select = $("record");
    clear(select);
    items.forEach((item, n) => {
      const id = item && typeof item === "object" && item.id !== undefined ? ` · ${item.id}` : "";
      put(select, h("option", { value: n }, `${n + 1} of ${items.length}${id}`));
    });
    picker.hidden = items.length < 2;
    useRecord(0, file.name);
  }

  /** Fill the inputs from a record, or show a finished report (a batch result line) directly. */
  function useRecord(n, name) {
    const item = records[n];
    const where = name ? `${name}: ` : "";
    if (Array.isArray(item)) {
      $("sources").value = JSON.stringify(item, null, 2);
      setStatus(`${where}sources loaded.`);
      return;
    }
    if (!item || typeof item !== "object") {
      showError(`${where}expected a JSON object or list.`);
      return;
    }
    if (item.error && !item.report) {
      showError(`${where}this record failed in the batch: ${item.error}`);
      return;
    }
    if (typeof item.answer === "string") $("answer").value = item.answer;
    if (Array.isArray(item.sources)) $("sources").value = JSON.stringify(item.sources, null, 2);
    const report = item.report || (Array.isArray(item.sentences) && item.summary ? item : null);
    if (report) {
      const answer = typeof item.answer === "string" ? item.answer : answerFrom(report);
      const sources = Array.isArray(item.sources) ? item.sources : null;
      show(answer, sources, report);
      setStatus(`${where}showing the saved report${item.id !== undefined ? ` for ${item.id}` : ""}.`);
      return;
    }
    if (typeof item.answer === "string" || Array.isArray(item.sources)) {
      setStatus(`${where}loaded: press Check.`);
      return;
    }
    showError(`${where}no answer, sources or report found in this record.`);
  }

  /** A report without its answer (a batch result line): rebuild it from the sentences
   *  (offsets count code points, as Python's do: an emoji is one). */
  function answerFrom(report) {
    const chars = [];
    for (const s of report.sentences) {
      while (chars.length < s.start) chars.push(" ");
      chars.push(...Array.from(s.text));
    }
    return chars.join("");
  }

  /** Code-point offsets (the API's, Python's) to UTF-16 indices (JavaScript's), for one
   *  text: an emoji or other astral character is one code point and two UTF-16 units, and
   *  slicing with the API's offsets split it and moved every later mark. */
  function unitIndex(text) {
    if (!/[\uD800-\uDBFF]/.test(text)) return (n) => n;
    const units = [0];
    let u = 0;
    for (const ch of text) {
      u += ch.length;
      units.push(u);
    }
    return (n) => units[Math.max(0, Math.min(n, units.length - 1))];
  }

  /** The report with its answer offsets in UTF-16 indices of ``answer``. */
  function inUnits(answer, report) {
    const at = unitIndex(answer);
    const out = JSON.parse(JSON.stringify(report));
    const move = (item) => {
      item.start = at(item.start);
      item.end = at(item.end);
    };
    (out.spans || []).forEach(move);
    for (const sentence of out.sentences || []) {
      move(sentence);
      (sentence.conflicts || []).forEach(move);
      (sentence.unsupported_spans || []).forEach(move);
      (sentence.cited || []).forEach(move);
    }
    return out;
  }

  // ------------------------------------------------------------------ report view

  function show(answer, sources, given) {
    const report = inUnits(answer, given);
    current = { answer, sources, report };
    renderSummary(report);
    renderAnswer(answer, report);
    renderSources(sources, report);
    $("evidence").hidden = true;
  }

  function renderSummary(report) {
    const box = $("summary");
    clear(box);
    const s = report.summary || {};
    const chip = (status) => {
      const count = s[status] || 0;
      const label = `${count} ${STATUS_LABEL[status]}`;
      if (status === "supported" || !count) {
        return h("span", { class: `count count-${status}` }, h("span", { "aria-hidden": "true" }, STATUS_ICON[status]), ` ${label}`);
      }
      return h("button", {
        type: "button",
        class: `count count-${status}`,
        title: `Go to the next ${status} sentence`,
        onclick: () => nextSentence(status),
      }, h("span", { "aria-hidden": "true" }, STATUS_ICON[status]), ` ${label}`);
    };
    put(box,
      h("span", { class: "count total" }, plural(s.sentences || 0, "sentence")),
      chip("supported"),
      chip("partial"),
      chip("unsupported"),
      s.conflicts ? h("span", { class: "count count-conflict" }, h("span", { "aria-hidden": "true" }, "≠"), ` ${plural(s.conflicts, "conflict")}`) : "",
      s.no_claim ? h("span", { class: "count count-no_claim", title: "Lead-ins, headings and courtesies: nothing to check" }, `${s.no_claim} no claim`) : "",
      citationSummary(report),
      h("span", { class: "metric" }, "Verbatim coverage ", h("strong", {}, percent(s.coverage))),
      h("span", { class: "metric muted" }, `preset ${report.config || "?"} · ${report.mode || "?"}`),
    );
    for (const note of report.notes || []) put(box, h("span", { class: "note" }, note));
    box.hidden = false;
  }

  /** The answer's own citations, counted, where it carries any: a jump to the next
   *  miscited sentence, and ALCE's precision and recall (report.citation_metrics). */
  function citationSummary(report) {
    const m = report.citation_metrics;
    if (!m || !carriesCitations(report)) return "";
    const ratio = (x) => (x === null || x === undefined ? "–" : percent(x));
    const miscited = m.miscited
      ? h("button", {
        type: "button",
        class: "count count-miscited",
        title: "Go to the next miscited sentence",
        onclick: () => nextSentence("miscited", ".sentence.citation-miscited"),
      }, h("span", { "aria-hidden": "true" }, "✗"), ` ${m.miscited} miscited`)
      : "";
    return [
      miscited,
      m.uncited ? h("span", { class: "count count-uncited", title: "Supported sentences that cite nothing" }, `${m.uncited} uncited`) : "",
      h("span", {
        class: "metric",
        title: "Citation precision: the share of citations whose source supports its sentence. "
          + "Recall: the share of claims their cited sources support in full.",
      }, "Citation precision ", h("strong", {}, ratio(m.precision)), " · recall ", h("strong", {}, ratio(m.recall))),
    ];
  }

  /** Whether the answer cites anything (markers, or structured citations given). */
  const carriesCitations = (report) => report.sentences.some((s) => (s.cited || []).length);

  function nextSentence(status, selector = `.sentence.status-${status}`) {
    const nodes = [...document.querySelectorAll(selector)];
    if (!nodes.length) return;
    const active = document.activeElement && document.activeElement.closest(".sentence");
    const after = nodes.findIndex((node) => active && node.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_PRECEDING);
    const target = nodes[after >= 0 ? after : 0];
    target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
  }

  function renderAnswer(answer, report) {
    const view = $("answer-view");
    clear(view);
    const text = h("div", { class: "answer-text" });
    const spans = (report.spans || []).slice().sort((a, b) => a.start - b.start);
    const cites = carriesCitations(report);
    let position = 0;
    report.sentences.forEach((sentence, index) => {
      if (sentence.start > position) put(text, answer.slice(position, sentence.start));
      put(text, renderSentence(answer, sentence, index, spans, cites));
      position = Math.max(position, sentence.end);
    });
    if (position < answer.length) put(text, answer.slice(position));
    put(view, text, reviewList(report));
  }

  /** The sentences a reviewer must look at, worst first, as in `citemark check`. */
  function reviewList(report) {
    const order = FLAGGED;
    const cites = carriesCitations(report);
    const rank = (sentence) => order[sentence.status] ?? Object.keys(order).length;
    const flagged = report.sentences
      .map((sentence, index) => ({ sentence, index }))
      .filter(({ sentence }) => sentence.status in order || badged(sentence, cites))
      .sort((a, b) => rank(a.sentence) - rank(b.sentence) || a.index - b.index);
    if (!flagged.length) {
      return h("p", { class: "review-ok" }, h("span", { "aria-hidden": "true" }, "✓ "),
        "Every sentence is supported by the sources.");
    }
    return h("section", { class: "review-list", "aria-label": "Sentences that need review" },
      h("h3", {}, `Needs review (${flagged.length})`),
      h("ol", {}, flagged.map(({ sentence, index }) => h("li", {},
        sentence.status in order
          ? h("span", { class: `flag flag-${sentence.status}` },
            h("span", { "aria-hidden": "true" }, STATUS_ICON[sentence.status]), ` ${STATUS_LABEL[sentence.status]}`)
          : citationBadge(sentence, cites),
        h("button", {
          type: "button",
          class: "jump",
          title: "Show this sentence in the answer",
          onclick: () => {
            const node = $(`sentence-${index}`);
            node.scrollIntoView({ block: "center" });
            node.focus({ preventScroll: true });
          },
        }, `${index + 1}. ${sentence.text}`),
        (sentence.conflicts || []).map((c) => h("span", { class: "conflict-line" },
          "Conflict: ", h("q", {}, c.text), ` vs ${c.source_id} `, h("q", {}, c.evidence), ruleNote(c))),
        (sentence.missing_facts || []).length
          ? h("span", { class: "missing" }, "Missing: ",
            sentence.missing_facts.map((f, n) => [n ? ", " : "", h("q", {}, f.text), ` (${f.kind})`]))
          : (sentence.conflicts || []).length || !(sentence.status in order) ? ""
            : h("span", { class: "muted" }, sentence.citations.length ? "weak support" : "no citation"),
        badged(sentence, cites)
          ? h("span", { class: `citation-line citation-${sentence.citation_status}` }, citationSummaryLine(sentence))
          : ""))));
  }

  // ------------------------------------------------------------------ the answer's own citations

  /** Whether a sentence gets a citation badge: miscited, or uncited in an answer that
   *  cites elsewhere (an answer that cites nothing would have every supported sentence
   *  badged "uncited", which says nothing of it). */
  function badged(sentence, cites) {
    const status = sentence.citation_status;
    return status === "miscited" || (status === "uncited" && cites);
  }

  /** ", " and "and" between names: "S1", "S1 and S2", "S1, S2 and S4". */
  function listed(names) {
    return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  }

  /** What a reviewer is told of a badged sentence, in one line. */
  function citationSummaryLine(sentence) {
    const suggested = sentence.suggested || [];
    if (sentence.citation_status === "uncited") {
      return suggested.length ? `Cites nothing; ${listed(suggested)} ${suggested.length > 1 ? "support" : "supports"} it` : "Cites nothing";
    }
    const wrong = [...new Set((sentence.cited || []).filter((c) => c.verdict === "does_not_support").map((c) => c.source_id))];
    const cited = wrong.length ? `Cites ${listed(wrong)}, which ${wrong.length > 1 ? "do" : "does"} not support it` : "Its citations do not support it";
    return suggested.length ? `${cited}; ${listed(suggested)} ${suggested.length > 1 ? "do" : "does"}` : cited;
  }

  function citationBadge(sentence, cites) {
    if (!badged(sentence, cites)) return "";
    const status = sentence.citation_status;
    return h("span", { class: `citation-badge citation-${status}`, title: citationSummaryLine(sentence) },
      h("span", { "aria-hidden": "true" }, status === "miscited" ? "✗ " : "∅ "), CITATION_BADGE[status]);
  }

  const isMarker = (record) => MARKER_FORMS.has(record.form || "numeric");

  /** How the answer names a cited source: its marker ("[3]"), with the source's id where
   *  the marker does not spell it alone ("[3] (S3)", "[1, 3] (S1)"); a structured
   *  citation by the source's id. */
  function citedLabel(record, answer) {
    if (!isMarker(record)) return record.source_id;
    const text = answer.slice(record.start, record.end);
    const inner = text.replace(/^[\[\^【]+|[\]】]+$/g, "");
    return inner === String(record.source_id) ? text : `${text} (${record.source_id})`;
  }

  /** What one citation claims and what was found: "[3] (S3) does not support this" (or
   *  names no given source), then the sources that do support it where it is wrong. */
  function citedClaim(record, answer) {
    const label = citedLabel(record, answer);
    return record.known === false ? `${label} names no given source` : `${label} ${VERDICT_TEXT[record.verdict] || record.verdict}`;
  }

  /** One note per cited source, after the sentence: its claim as a button to its evidence
   *  (its best passage, judged alone), and, where the sentence is miscited, each source
   *  that supports it as a button to that source's citation. */
  function citedNotes(sentence, index, answer) {
    const records = sentence.cited || [];
    if (!records.length) return "";
    const suggested = sentence.citation_status === "miscited" ? sentence.suggested || [] : [];
    return h("span", { class: "cited-notes" }, records.map((record, k) => {
      const claim = citedClaim(record, answer);
      const verdict = record.known === false ? "does_not_support" : record.verdict;
      const claimNode = record.evidence
        ? h("button", {
          type: "button",
          class: "cited-jump",
          title: "Show the best passage of the cited source for this sentence",
          dataset: { cited: `${index}-${k}` },
          onclick: () => focusCited(index, k),
        }, claim)
        : h("span", { class: "cited-claim" }, claim);
      const instead = verdict === "supports" ? [] : suggested.filter((id) => id !== record.source_id);
      return h("span", { class: `cited-note verdict-${verdict}`, role: "group", "aria-label": "Citation check", dataset: { cited: `${index}-${k}` } },
        h("span", { class: "cited-icon", "aria-hidden": "true" }, verdict === "supports" ? "✓" : verdict === "partial" ? "◐" : "✗"),
        " ", claimNode,
        instead.length ? ["; ", instead.map((id, m) => [m ? (m === instead.length - 1 ? " and " : ", ") : "", suggestionButton(sentence, index, id)]),
          instead.length > 1 ? " do" : " does"] : "");
    }));
  }

  /** A source that supports a miscited sentence, as a button to its citation. */
  function suggestionButton(sentence, index, id) {
    const n = sentence.citations.findIndex((c) => c.source_id === id);
    if (n < 0) return h("strong", { class: "cited-suggested" }, id);
    return h("button", {
      type: "button",
      class: "cited-jump cited-suggested",
      title: `Show the evidence in ${id}, which the sentence does not cite`,
      onclick: () => focusCitation(index, n, `${id} supports this sentence; the answer does not cite it.`),
    }, id);
  }

  function focusCited(index, k) {
    if (!current) return;
    const sentence = current.report.sentences[index];
    const record = sentence && (sentence.cited || [])[k];
    if (!record || !record.evidence) return;
    markActive(`[data-cited="${index}-${k}"]`);
    renderEvidenceCard(sentence, index, record.evidence, `${citedClaim(record, current.answer)}: its best passage for the sentence.`);
    const mark = highlightSource(record.evidence);
    if (mark) mark.scrollIntoView({ block: "center", inline: "nearest" });
    else $("evidence").scrollIntoView({ block: "nearest" });
  }

  function markActive(selector) {
    document.querySelectorAll(".cite.active, .chip.active, .cited-note.active").forEach((node) => node.classList.remove("active"));
    document.querySelectorAll(selector).forEach((node) => node.classList.add("active"));
  }

  function renderSentence(answer, sentence, index, spans, cites) {
    const status = sentence.status;
    const flagged = status in FLAGGED;
    const node = h("span", {
      class: `sentence status-${status}`,
      id: `sentence-${index}`,
      tabindex: flagged ? "-1" : null,
      title: status === "no_claim" ? "No claim: nothing here to check against the sources" : null,
      dataset: { index: String(index), status },
    });
    const notes = sentenceNotes(sentence, answer);
    if (flagged) {
      put(node, h("span", { class: `flag flag-${status}` },
        h("span", { "aria-hidden": "true" }, STATUS_ICON[status]), ` ${STATUS_LABEL[status]}`), " ");
    }
    const badge = citationBadge(sentence, cites);
    if (badge) {
      node.classList.add(`citation-${sentence.citation_status}`);
      if (!flagged) node.tabIndex = -1;
      put(node, badge, " ");
    }
    let position = sentence.start;
    for (const span of spans) {
      const start = Math.max(span.start, sentence.start);
      const end = Math.min(span.end, sentence.end);
      if (start >= end) continue;
      if (start > position) put(node, ...annotated(answer, position, start, notes));
      put(node, markButton(answer.slice(start, end), annotated(answer, start, end, notes), span, sentence, index));
      position = end;
    }
    if (position < sentence.end) put(node, ...annotated(answer, position, sentence.end, notes));
    put(node, citationChips(sentence, index));
    const cited = citedNotes(sentence, index, answer);
    if (cited) put(node, " ", cited);
    for (const [k, c] of (sentence.conflicts || []).entries()) put(node, " ", conflictCard(c, index, k));
    const facts = sentence.missing_facts || [];
    if (facts.length) {
      put(node, " ", h("span", { class: "missing", title: "Facts of this sentence its evidence does not contain" },
        "Missing: ", facts.map((f, n) => [n ? ", " : "", h("q", {}, f.text), ` (${f.kind})`])));
    }
    return node;
  }

  /** What to draw inside a sentence: conflicting values, the answer's citation markers,
   *  and the unsupported words of a sentence that is not supported; sorted, a conflict
   *  winning any overlap. */
  function sentenceNotes(sentence, answer) {
    const notes = (sentence.conflicts || []).map((c) => ({ start: c.start, end: c.end, kind: "conflict", conflict: c }));
    // A marker naming several sources ("[1, 3]") has a record per source: one note each
    // marker, drawn as its worst verdict and titled with every record's.
    const markers = new Map();
    for (const record of sentence.cited || []) {
      if (!isMarker(record) || record.start >= record.end) continue;
      if (notes.some((c) => c.start < record.end && record.start < c.end)) continue;
      const key = `${record.start}-${record.end}`;
      if (!markers.has(key)) markers.set(key, { start: record.start, end: record.end, kind: "marker", records: [] });
      markers.get(key).records.push(record);
    }
    notes.push(...markers.values());
    if (sentence.status in FLAGGED) {
      const conflicts = notes.slice();
      for (const span of sentence.unsupported_spans || []) {
        // underline the words around a conflict the span crosses, not none of them
        let pieces = [[span.start, span.end]];
        for (const c of conflicts) {
          pieces = pieces.flatMap(([a, b]) => (b <= c.start || c.end <= a)
            ? [[a, b]] : [[a, c.start], [c.end, b]].filter(([x, y]) => x < y));
        }
        for (const [a, b] of pieces) {
          // letters and digits of any script (\w is ASCII-only: Cyrillic, Greek and
          // Chinese unsupported words were never underlined)
          if (/[\p{L}\p{N}]/u.test(answer.slice(a, b))) notes.push({ start: a, end: b, kind: "unsupported" });
        }
      }
    }
    return notes.sort((a, b) => a.start - b.start);
  }

  /** answer[start:end] as text nodes, with the parts under a note wrapped (cut at the edges). */
  function annotated(answer, start, end, notes) {
    const out = [];
    let position = start;
    for (const note of notes) {
      const a = Math.max(note.start, start);
      const b = Math.min(note.end, end);
      if (a >= b) continue;
      if (a > position) out.push(answer.slice(position, a));
      if (note.kind === "conflict") {
        out.push(h("mark", {
          class: "conflict-value",
          title: `Source ${note.conflict.source_id} says “${note.conflict.evidence}”`,
        }, answer.slice(a, b)));
      } else if (note.kind === "marker") {
        out.push(h("span", {
          class: `cited-marker verdict-${worstVerdict(note.records)}`,
          title: note.records.map((r) => citedClaim(r, answer)).join("; "),
        }, answer.slice(a, b)));
      } else {
        out.push(h("span", { class: "unsupported-words", title: "No citation supports these words" }, answer.slice(a, b)));
      }
      position = b;
    }
    if (position < end) out.push(answer.slice(position, end));
    return out;
  }

  /** The weakest verdict of a marker's records; a label naming no given source supports nothing. */
  function worstVerdict(records) {
    const verdicts = records.map((r) => (r.known === false ? "does_not_support" : r.verdict));
    return ["does_not_support", "partial", "supports"].find((v) => verdicts.includes(v)) || "supports";
  }

  /** The rule that found a conflict (a report from before rules were named has none). */
  function ruleNote(conflict) {
    return conflict.rule ? h("span", { class: "conflict-rule", title: "The conflict rule that found it" }, ` (rule: ${conflict.rule})`) : "";
  }

  /** A conflict's two values side by side; the button shows the source's value in its text. */
  function conflictCard(conflict, index, k) {
    return h("span", { class: "conflict", role: "group", "aria-label": "Conflict with the source" },
      h("span", { class: "conflict-title" }, h("span", { "aria-hidden": "true" }, "≠ "), "Conflict", ruleNote(conflict)),
      h("span", { class: "conflict-side answer-side" },
        h("span", { class: "conflict-label" }, "Answer says"), h("mark", { class: "conflict-answer" }, conflict.text)),
      h("span", { class: "conflict-side source-side" },
        h("span", { class: "conflict-label" }, `Source ${conflict.source_id} says`),
        h("mark", { class: "conflict-source" }, conflict.evidence)),
      h("button", {
        type: "button",
        class: "jump conflict-jump",
        dataset: { conflict: `${index}-${k}` },
        onclick: () => focusConflict(index, k),
      }, "show in source"));
  }

  function focusConflict(index, k) {
    if (!current) return;
    const sentence = current.report.sentences[index];
    const conflict = sentence && (sentence.conflicts || [])[k];
    if (!conflict) return;
    const evidence = { kind: "conflict", source_index: conflict.source_index, source_id: conflict.source_id,
      source_start: conflict.source_start, source_end: conflict.source_end, evidence: conflict.evidence, score: 0 };
    renderConflictCard(sentence, index, conflict);
    const mark = highlightSource(evidence);
    if (mark) mark.scrollIntoView({ block: "center", inline: "nearest" });
  }

  function renderConflictCard(sentence, index, conflict) {
    const card = $("evidence");
    clear(card);
    put(card,
      h("div", { class: "evidence-head" },
        h("span", { class: "kind-badge conflict" }, "Conflict"), h("span", {}, " with "), h("strong", {}, conflict.source_id),
        h("span", { class: "muted" }, ` · characters ${conflict.source_start}–${conflict.source_end}`)),
      h("div", { class: "evidence-for" }, `Sentence ${index + 1}: `, h("q", {}, sentence.text)),
      h("div", { class: "conflict-pair" },
        h("div", { class: "conflict-side answer-side" }, h("div", { class: "conflict-label" }, "Answer says"),
          h("mark", { class: "conflict-answer" }, conflict.text)),
        h("div", { class: "conflict-side source-side" }, h("div", { class: "conflict-label" }, `Source ${conflict.source_id} says`),
          h("mark", { class: "conflict-source" }, conflict.evidence))),
      current.sources ? "" : h("blockquote", { class: "evidence-text" }, h("mark", { class: "evidence conflict" }, conflict.evidence)),
    );
    card.hidden = false;
  }

  const norm = (text) => text.toLowerCase().replace(/\s+/g, " ").trim();

  /** The citation a marked stretch of the answer stands for: same kind and source, matching text. */
  function citationFor(text, span, sentence) {
    const cited = sentence.citations.map((c, n) => [c, n]);
    const pool = cited.filter(([c]) => c.kind === span.kind && span.ids.includes(c.source_id));
    const marked = norm(text);
    const found = pool.find(([c]) => norm(c.evidence) === marked)
      || pool.find(([c]) => marked.includes(norm(c.evidence)) || norm(c.evidence).includes(marked))
      || pool[0]
      || cited.find(([c]) => span.ids.includes(c.source_id));
    return found ? found[1] : -1;
  }

  /** A marked stretch of the answer. A span with role="button", not a <button>: a button
   *  cannot wrap across lines, and a quote can be a whole sentence long. */
  function markButton(text, content, span, sentence, index) {
    const n = citationFor(text, span, sentence);
    const label = `${KIND_LABEL[span.kind] || span.kind} from ${span.ids.join(", ")}`;
    if (n < 0) return h("span", { class: `cite ${span.kind}`, title: label }, content);
    const open = () => focusCitation(index, n);
    return h("span", {
      class: `cite ${span.kind}`,
      role: "button",
      tabindex: "0",
      title: `${label}: show the evidence`,
      dataset: { citation: `${index}-${n}` },
      onclick: open,
      onkeydown: (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          open();
        }
      },
    }, content);
  }

  /** One small button per citation after the sentence; repeated labels get a number. */
  function citationChips(sentence, index) {
    if (!sentence.citations.length) return "";
    const seen = new Map();
    const chips = sentence.citations.map((c, n) => {
      const key = `${c.kind}:${c.source_id}`;
      seen.set(key, (seen.get(key) || 0) + 1);
      const repeat = seen.get(key) > 1 ? ` ${seen.get(key)}` : "";
      return h("button", {
        type: "button",
        class: `chip ${c.kind}`,
        title: `${KIND_LABEL[c.kind]} from ${c.source_id}, characters ${c.source_start}–${c.source_end} (score ${c.score.toFixed(2)}): show the evidence`,
        "aria-label": `${KIND_LABEL[c.kind]} from ${c.source_id}${repeat}`,
        dataset: { citation: `${index}-${n}` },
        onclick: () => focusCitation(index, n),
      }, h("span", { class: "chip-kind", "aria-hidden": "true" }, c.kind === "verbatim" ? "“" : "≈"), c.source_id, repeat);
    });
    return h("span", { class: "chips" }, " ", chips);
  }

  // ------------------------------------------------------------------ sources and evidence

  function renderSources(sources, report) {
    const view = $("sources-view");
    clear(view);
    if (!sources) {
      put(view, h("p", { class: "placeholder" },
        "This file holds the report without the source texts: each citation's evidence is shown above when you click it."));
      return;
    }
    const counts = new Map();
    for (const s of report.sentences) {
      for (const c of s.citations) counts.set(c.source_index, (counts.get(c.source_index) || 0) + 1);
    }
    sources.forEach((source, n) => {
      const id = typeof source === "string" ? `S${n + 1}` : String(firstKey(source, ID_KEYS) ?? `#${n + 1}`);
      const cited = counts.get(n) || 0;
      put(view, h("article", { class: "source", id: `source-${n}` },
        h("header", {},
          h("h3", {}, id),
          h("span", { class: `source-meta${cited ? "" : " uncited"}` },
            cited ? `cited ${cited}×` : "not cited")),
        h("div", { class: "source-text" }, sourceText(source))));
    });
  }

  const sourceText = (source) => (typeof source === "string" ? source : String(source.text ?? source.page_content ?? ""));

  // The keys the API reads a document's id and offset by, in its order (sources.py):
  // the page read only "id" / "source_id" and "offset" / "start", so a LangChain chunk
  // was headed "#1" and one placed by start_index was highlighted at the first
  // occurrence of its evidence.
  const ID_KEYS = ["id", "source_id", "doc_id", "source", "id_"];
  const OFFSET_KEYS = ["offset", "start", "doc_char_start", "start_index", "start_char_idx"];
  const METADATA_OFFSET_KEYS = ["doc_char_start", "start_index", "start_char_idx"];

  /** The first key of ``keys`` the document or its metadata gives, as the API reads it. */
  function firstKey(source, keys, metadataKeys = keys) {
    const metadata = (source && typeof source.metadata === "object" && source.metadata) || {};
    for (const key of keys) {
      if (source[key] !== undefined && source[key] !== null) return source[key];
      if (metadataKeys.includes(key) && metadata[key] !== undefined && metadata[key] !== null) {
        return metadata[key];
      }
    }
    return undefined;
  }

  const chunkOffset = (source) => (typeof source === "string" ? 0
    : Number(firstKey(source, OFFSET_KEYS, []) ?? firstKey(source, METADATA_OFFSET_KEYS) ?? 0) || 0);

  function focusCitation(index, n, lead) {
    if (!current) return;
    const sentence = current.report.sentences[index];
    const citation = sentence && sentence.citations[n];
    if (!citation) return;
    markActive(`[data-citation="${index}-${n}"]`);
    renderEvidenceCard(sentence, index, citation, lead);
    const mark = highlightSource(citation);
    if (mark) mark.scrollIntoView({ block: "center", inline: "nearest" });
    else $("evidence").scrollIntoView({ block: "nearest" });
  }

  /** The evidence of a citation; ``lead``, where given, says why it is shown (the
   *  citation check: what a cited source claims, or a source the answer should cite). */
  function renderEvidenceCard(sentence, index, citation, lead) {
    const card = $("evidence");
    clear(card);
    const facts = sentence.missing_facts || [];
    put(card,
      lead ? h("div", { class: "evidence-lead" }, lead) : "",
      h("div", { class: "evidence-head" },
        h("span", { class: `kind-badge ${citation.kind}` }, KIND_LABEL[citation.kind] || citation.kind),
        h("span", {}, " from "), h("strong", {}, citation.source_id),
        h("span", { class: "muted" }, ` · characters ${citation.source_start}–${citation.source_end} · score ${citation.score.toFixed(2)}`)),
      h("div", { class: "evidence-for" }, `For sentence ${index + 1}: `, h("q", {}, sentence.text)),
      current.sources ? "" : h("blockquote", { class: "evidence-text" }, h("mark", { class: `evidence ${citation.kind}` }, citation.evidence)),
      facts.length
        ? h("div", { class: "missing" }, "Missing from the evidence: ",
          facts.map((f, k) => [k ? ", " : "", h("q", {}, f.text), ` (${f.kind})`]))
        : "",
    );
    card.hidden = false;
  }

  /** Redraw the cited source with its evidence in a <mark>; returns the mark. */
  function highlightSource(citation) {
    document.querySelectorAll(".source.active").forEach((node) => {
      node.classList.remove("active");
      const body = node.querySelector(".source-text");
      const text = body.textContent;
      clear(body);
      put(body, text);
    });
    if (!current.sources) return $("evidence").querySelector("mark");
    const source = current.sources[citation.source_index];
    const node = $(`source-${citation.source_index}`);
    if (!source || !node) return null;
    const text = sourceText(source);
    const at = unitIndex(text);
    const offset = chunkOffset(source);
    let start = at(citation.source_start - offset);
    let end = at(citation.source_end - offset);
    // Chunks of one document that touch or overlap are read as one text, so evidence
    // may run on past the end of the chunk it names: mark the part this chunk holds.
    const held = Math.min(end, text.length);
    if (start >= 0 && held > start && held < end
        && citation.evidence.startsWith(text.slice(start, held))) {
      end = held;
    } else if (text.slice(start, end) !== citation.evidence) {
      // Offsets from another shape of the same document: fall back to finding the text.
      start = text.indexOf(citation.evidence);
      end = start + citation.evidence.length;
    }
    if (start < 0) return null;
    const body = node.querySelector(".source-text");
    clear(body);
    put(body, text.slice(0, start),
      h("mark", { class: `evidence ${citation.kind}`, tabindex: "-1" }, text.slice(start, end)),
      text.slice(end));
    node.classList.add("active");
    return body.querySelector("mark");
  }

  // ------------------------------------------------------------------ start

  function start() {
    const key = $("api-key");
    key.value = sessionStorage.getItem(KEY_STORE) || "";
    const saveKey = () => {
      sessionStorage.setItem(KEY_STORE, key.value.trim());
      loadPresets();
    };
    key.addEventListener("change", saveKey);
    $("settings").addEventListener("submit", (event) => {
      event.preventDefault(); // Enter in the key field: keep it, do not navigate
      saveKey();
    });
    $("check").addEventListener("click", check);
    $("load-example").addEventListener("click", loadExample);
    $("file").addEventListener("change", (event) => {
      const file = event.target.files && event.target.files[0];
      if (file) openFile(file);
      event.target.value = "";
    });
    $("record").addEventListener("change", (event) => useRecord(Number(event.target.value)));
    for (const id of ["answer", "sources"]) {
      $(id).addEventListener("keydown", (event) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) check();
      });
    }
    loadPresets();
  }

  start();
})();
