// Injected by .ci/report-test into a copy of a report (the report itself has no
// scripts). For every chart, as the browser renders it: each legend entry is shown and
// its colour is drawn by at least one visible mark inside the chart; every colour a
// visible mark is painted in has a legend entry; no two entries share a colour; no text
// (axis titles, tick labels) is shortened with "…" or drawn past the chart's edges. One
// line per chart goes into a pre element (id legend-check), ending in ": ok" or the problems.
addEventListener("load", () => {
  const lines = [];
  const paintOf = (s) => (s.fill !== "none" ? s.fill : s.stroke).replace(/\s+/g, "");
  for (const figure of document.querySelectorAll("figure")) {
    const svg = figure.querySelector("svg.chart");
    if (!svg) continue;
    const box = svg.getBoundingClientRect();
    const drawn = new Set();
    for (const mark of svg.querySelectorAll(".mark")) {
      const r = mark.getBoundingClientRect();
      const s = getComputedStyle(mark);
      if (s.display === "none" || s.visibility === "hidden" || Number(s.opacity) === 0) continue;
      if (r.width + r.height <= 0) continue;
      if (r.right < box.left || r.left > box.right || r.bottom < box.top || r.top > box.bottom) continue;
      drawn.add(paintOf(s));
    }
    const keys = [...figure.querySelectorAll(".legend .key")];
    const colours = keys.map((k) => getComputedStyle(k).backgroundColor.replace(/\s+/g, ""));
    const problems = [];
    if (keys.length === 0) problems.push("no legend");
    keys.forEach((k, i) => {
      const r = k.getBoundingClientRect();
      const label = k.dataset.label;
      if (r.width <= 0 || r.height <= 0) problems.push(`entry '${label}' is not shown`);
      if (!drawn.has(colours[i])) problems.push(`entry '${label}' (${colours[i]}) draws nothing`);
      if (colours.indexOf(colours[i]) !== i) problems.push(`${colours[i]} means two things`);
    });
    for (const c of drawn) if (!colours.includes(c)) problems.push(`${c} is drawn with no legend entry`);
    // The chart's scale as drawn: its width on the page over its own (viewBox) width.
    const scale = box.width / svg.viewBox.baseVal.width;
    for (const t of svg.querySelectorAll("text")) {
      const r = t.getBoundingClientRect();
      const clipped = r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1;
      if (clipped || t.textContent.endsWith("…")) problems.push(`label '${t.textContent}' is clipped`);
      const drawn = Number(t.getAttribute("font-size")) * scale;
      if (drawn < 9) problems.push(`label '${t.textContent}' is drawn at ${drawn.toFixed(1)} px`);
    }
    lines.push(
      `${svg.id}: ${keys.length} legend entries, ${drawn.size} colours drawn: ` +
        (problems.length ? problems.join("; ") : "ok"),
    );
  }
  // Every table fits the column it stands in: none runs past its container's edge.
  const tables = [];
  document.querySelectorAll("table").forEach((table, i) => {
    const outer = table.parentElement.getBoundingClientRect();
    const over = table.getBoundingClientRect().right - outer.right;
    tables.push(`table ${i}: ` + (over > 1 ? `runs ${over.toFixed(0)} px past its column` : "ok"));
  });
  for (const [id, text] of [["legend-check", lines], ["table-check", tables]]) {
    const pre = document.createElement("pre");
    pre.id = id;
    pre.textContent = text.join("\n");
    // Each on lines of its own in the dumped page.
    document.body.appendChild(document.createTextNode("\n"));
    document.body.appendChild(pre);
    document.body.appendChild(document.createTextNode("\n"));
  }
});
