/* page.js — an `ingot explain` page's behaviour (page.c): tabs, and the links between
   a script line and everything made from it. An element made from script line N has
   the class LN (an SVG node of the graphs too); hovering shows the links, a click keeps
   them. Opened with #selftest, it checks that the links work and reports in the title
   (what the tests' headless browser reads). */
(function () {
  'use strict';
  var errors = [];
  window.addEventListener('error', function (e) { errors.push(String(e.message)); });
  document.documentElement.classList.add('js');

  /* The script line an element links to: its own LN class, or its nearest ancestor's. */
  function lineOf(el) {
    for (; el && el.getAttribute; el = el.parentNode) {
      var m = /(?:^|\s)L(\d+)(?:\s|$)/.exec(el.getAttribute('class') || '');
      if (m) return m[1];
    }
    return null;
  }
  function linked(line) { return document.querySelectorAll('.L' + line); }
  function mark(line, cls) {
    document.querySelectorAll('.' + cls).forEach(function (el) { el.classList.remove(cls); });
    if (line) linked(line).forEach(function (el) { el.classList.add(cls); });
  }
  /* Brings the first linked element of each visible pane into view, but not in the
     pane the click came from. */
  function reveal(line, from) {
    document.querySelectorAll('#source, .tab.current').forEach(function (pane) {
      if (pane.contains(from)) return;
      var t = pane.querySelector('.L' + line);
      if (t && t.scrollIntoView) t.scrollIntoView({block: 'nearest'});
    });
  }
  document.addEventListener('mouseover', function (e) { mark(lineOf(e.target), 'hover'); });
  document.addEventListener('click', function (e) {
    if (e.target.closest && e.target.closest('nav')) return;
    var line = lineOf(e.target);
    mark(line, 'selected');
    if (line) reveal(line, e.target);
  });

  /* Tabs: one stage shown at a time, chosen in the nav (and kept in the address). */
  function show(id) {
    var tab = document.getElementById(id);
    if (!tab || !tab.classList.contains('tab')) return false;
    document.querySelectorAll('.tab, nav a').forEach(function (el) {
      el.classList.remove('current');
    });
    tab.classList.add('current');
    var a = document.querySelector('nav a[data-tab="' + id + '"]');
    if (a) a.classList.add('current');
    return true;
  }
  document.querySelectorAll('nav a').forEach(function (a) {
    a.addEventListener('click', function (e) {
      e.preventDefault();
      show(a.getAttribute('data-tab'));
    });
  });
  if (!show(location.hash.slice(1))) show('autograph');

  /* ---- #selftest ------------------------------------------------------------------ */
  function click(el) { el.dispatchEvent(new MouseEvent('click', {bubbles: true})); }
  function selftest() {
    var problems = [];
    function check(ok, what) { if (!ok) problems.push(what); }
    var graphs = document.querySelectorAll('#graphs svg g.node');
    var drawn = document.querySelectorAll('#graphs svg').length > 0;
    /* A source line that a graph node (when drawn) and a line of C both came from. */
    var target = null;
    document.querySelectorAll('#source .line').forEach(function (el) {
      var line = lineOf(el);
      if (target || !line) return;
      var inC = document.querySelector('#c .L' + line);
      var inGraph = document.querySelector('#graphs .L' + line);
      if (inC && (inGraph || !drawn)) target = el;
    });
    check(target, 'no source line links to both the C and the graphs');
    if (target) {
      var line = lineOf(target);
      click(target);
      check(target.classList.contains('selected'), 'the clicked source line is not selected');
      check(document.querySelector('#c .L' + line + '.selected'), 'no C line highlighted');
      if (drawn)
        check(document.querySelector('#graphs g.node.L' + line + '.selected'),
              'no graph node highlighted');
      /* The reverse: a graph node (or a line of C) selects its source line. */
      click(document.body);
      var back = drawn ? document.querySelector('#graphs g.node.L' + line)
                       : document.querySelector('#c .L' + line);
      click(back.querySelector('text') || back);
      check(target.classList.contains('selected'), 'the source line is not selected back');
    }
    check(document.querySelector('#autograph .line'), 'no AutoGraph listing');
    show('graphs');
    check(document.querySelector('#graphs').classList.contains('current'), 'tabs do not switch');
    check(graphs.length > 0 || !drawn, 'graphs without nodes');
    errors.forEach(function (e) { problems.push('script error: ' + e); });
    var result = problems.length ? 'selftest FAIL: ' + problems.join('; ')
                                 : 'selftest ok (' + graphs.length + ' graph nodes)';
    document.title = result;
    var pre = document.createElement('pre');
    pre.id = 'selftest-result';
    pre.textContent = result;
    document.body.appendChild(pre);
  }
  if (location.hash === '#selftest') selftest();
})();
