// The dashboard: polls /dashboard/api/state every second and redraws, without a reload.
// One ECharts instance per chart element, kept across polls (setOption updates it in place);
// the DOM of the tables is rebuilt only when the set of tables and indexes changes.
'use strict';

// the page's own query (?region=eu-west-1) chooses the region shown; none: the server's default region
const STATE_URL = '/dashboard/api/state' + window.location.search;
const POLL_MILLIS = 1000;
const REASON_COLORS = ['#d93025', '#f29900', '#a142f4', '#1a73e8', '#188038', '#e37400', '#9334e6', '#12b5cb'];
let layout = null;

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

function resourceId(table, resource) {
  return (table.region || '') + '|' + table.name + '|' + (resource.index ? resource.name : '');
}

function fmt(n) {
  return n >= 100 ? Math.round(n).toLocaleString('en') : (Math.round(n * 10) / 10).toLocaleString('en');
}

function timeLabels(state) {
  const labels = [];
  for (let i = 0; i < state.seconds; i++) labels.push(new Date(state.from + i * 1000).toISOString().substring(11, 19));
  return labels;
}

function build(state) {
  const main = document.getElementById('tables');
  main.replaceChildren();
  if (state.tables.length === 0) main.append(el('p', {class: 'empty'}, 'No tables yet.'));
  for (const table of state.tables) {
    const section = el('section', {class: 'table', 'data-table': table.name},
      el('h2', {}, 'Table ' + table.name + (table.region ? '  (' + table.region + ')' : '')));
    for (const r of table.resources) {
      const id = resourceId(table, r);
      const panel = (kind, title) => {
        const p = el('div', {class: 'panel ' + kind}, el('h4', {}, title));
        const body = kind === 'topkeys' ? el('div', {class: 'keys'}) : el('div', {class: 'chart'});
        body.dataset.resource = id;
        p.append(body);
        return p;
      };
      section.append(el('div', {class: 'resource', 'data-resource': id},
        el('h3', {}, el('span', {class: 'kind'}, r.index ? 'GSI ' : 'table '), r.name),
        el('div', {class: 'facts'}),
        el('div', {class: 'panels'},
          panel('capacity', 'Consumed vs ' + (r.billing === 'PROVISIONED' ? 'provisioned' : 'on-demand ceiling') + ' (units/s)'),
          panel('throttles', 'Throttle events by reason (per second)'),
          panel('heatmap', 'Partitions × time: consumed share of each partition\'s ceiling'),
          panel('topkeys', 'Top keys (last 5 minutes, Contributor Insights)'))));
    }
    main.append(section);
  }
}

function chart(container) {
  return echarts.getInstanceByDom(container) || echarts.init(container, null, {renderer: 'canvas'});
}

function drawCapacity(container, state, r, labels) {
  const serving = (v) => labels.map(() => v);
  chart(container).setOption({
    animation: false,
    grid: {left: 48, right: 10, top: 28, bottom: 22},
    legend: {top: 0, textStyle: {fontSize: 10}, itemWidth: 14},
    tooltip: {trigger: 'axis'},
    xAxis: {type: 'category', data: labels, axisLabel: {fontSize: 9}},
    yAxis: {type: 'value', axisLabel: {fontSize: 9}},
    series: [
      {name: 'consumed write', type: 'line', showSymbol: false, data: r.consumedWrite, color: '#d93025', areaStyle: {opacity: 0.15}},
      {name: 'consumed read', type: 'line', showSymbol: false, data: r.consumedRead, color: '#1a73e8', areaStyle: {opacity: 0.15}},
      {name: 'write ceiling', type: 'line', showSymbol: false, data: serving(r.servingWrite), color: '#d93025', lineStyle: {type: 'dashed'}},
      {name: 'read ceiling', type: 'line', showSymbol: false, data: serving(r.servingRead), color: '#1a73e8', lineStyle: {type: 'dashed'}}]
  }, true);
}

function drawThrottles(container, r, labels) {
  const reasons = Object.keys(r.throttles);
  chart(container).setOption({
    animation: false,
    grid: {left: 40, right: 10, top: reasons.length ? 40 : 14, bottom: 22},
    legend: {top: 0, textStyle: {fontSize: 9}, itemWidth: 10, type: 'scroll'},
    tooltip: {trigger: 'axis'},
    title: reasons.length ? undefined : {text: 'no throttles', left: 'center', top: 'middle', textStyle: {fontSize: 12, color: '#188038', fontWeight: 'normal'}},
    xAxis: {type: 'category', data: labels, axisLabel: {fontSize: 9}},
    yAxis: {type: 'value', minInterval: 1, axisLabel: {fontSize: 9}},
    series: reasons.map((reason, i) => ({name: reason.replace('ThrottleEvents', ''), type: 'bar', stack: 'throttles',
      data: r.throttles[reason], color: REASON_COLORS[i % REASON_COLORS.length], barCategoryGap: 0}))
  }, true);
}

function drawHeatmap(container, r, labels) {
  const h = r.heatmap;
  container.dataset.hottest = h.hottest || '';
  container.dataset.partitions = h.partitions.join('\n');
  chart(container).setOption({
    animation: false,
    grid: {left: 112, right: 54, top: 10, bottom: 22},
    tooltip: {formatter: (p) => p.data ? `partition ${h.partitions[p.data[1]]}<br>${labels[p.data[0]]}: ${Math.round(p.data[2] * 100)}% of its ceiling` : ''},
    xAxis: {type: 'category', data: labels, axisLabel: {fontSize: 9}, splitArea: {show: false}},
    yAxis: {type: 'category', data: h.partitions, axisLabel: {fontSize: 9}},
    visualMap: {min: 0, max: 1, calculable: false, orient: 'vertical', right: 0, top: 'middle', itemHeight: 120, itemWidth: 10,
      text: ['100%', '0%'], textStyle: {fontSize: 9},
      inRange: {color: ['#fff7ec', '#fdd49e', '#fc8d59', '#d7301f', '#7f0000']}},
    series: [{type: 'heatmap', data: h.cells, progressive: 0,
      markLine: h.splits.length ? {symbol: 'none', label: {formatter: 'split', fontSize: 9}, lineStyle: {color: '#1d2330', type: 'dashed'},
        data: h.splits.map((s) => ({xAxis: s}))} : undefined}]
  }, true);
}

function drawTopKeys(container, r) {
  const t = r.topKeys;
  const list = (title, keys, unit) => {
    const ol = el('ol');
    for (const k of keys) ol.append(el('li', {}, el('span', {class: 'key'}, k.key), el('span', {class: 'n'}, ' ' + fmt(k.value) + ' ' + unit)));
    return [el('div', {}, title), keys.length ? ol : el('div', {class: 'empty'}, 'none')];
  };
  const children = [];
  if (t.enabled) {
    children.push(...list('Most accessed', t.accessed, 'units'), ...list('Most throttled', t.throttled, 'throttles'));
  } else {
    children.push(el('div', {class: 'hint'}, 'Contributor Insights is off for this ' + (r.index ? 'index' : 'table')
      + '. Hottest partition: ' + (r.heatmap.hottest ? r.heatmap.hottest + ' at ' + Math.round(r.heatmap.hottestShare * 100) + '% of its ceiling' : 'none') + '. To see its keys:'),
      el('code', {}, t.hint));
  }
  container.replaceChildren(...children);
}

function drawFacts(container, state, r) {
  const sum = (a) => a.reduce((x, y) => x + y, 0);
  const throttled = Object.values(r.throttles).reduce((x, a) => x + sum(a), 0);
  const parts = [
    r.billing === 'PROVISIONED' ? `provisioned ${fmt(r.servingRead)} RCU / ${fmt(r.servingWrite)} WCU` : `on-demand (ceiling ${fmt(r.servingRead)} RCU / ${fmt(r.servingWrite)} WCU)`,
    `${r.partitionCount} partition${r.partitionCount === 1 ? '' : 's'}`];
  if (r.index) parts.push(`propagation lag ${fmt(r.lagMillis)} ms`);
  if (r.backfillPercent !== undefined) parts.push(`backfilling ${fmt(r.backfillPercent)}%`);
  if (r.largestItemCollectionBytes !== undefined) {
    parts.push(`largest item collection ${fmt(r.largestItemCollectionBytes)} of ${fmt(r.itemCollectionLimitBytes)} bytes`);
  }
  const minutes = Math.round(state.seconds / 60);
  const children = [parts.join(' · '), ' · ',
    el('span', {class: throttled ? 'throttled' : ''}, `${fmt(throttled)} throttle events in ${minutes} min`)];
  if (r.refusedByIndexes) {
    children.push(' · ', el('span', {class: 'throttled'}, `${fmt(r.refusedByIndexes)} writes refused by its GSIs (back-pressure)`));
  }
  container.replaceChildren(...children);
  if (r.lastThrottle) container.title = r.lastThrottle;
}

function render(state) {
  const signature = JSON.stringify(state.tables.map((t) => t.resources.map((r) => resourceId(t, r))));
  if (signature !== layout) {
    document.querySelectorAll('.chart').forEach((c) => echarts.getInstanceByDom(c)?.dispose());
    build(state);
    layout = signature;
  }
  const labels = timeLabels(state);
  const banners = document.getElementById('banners');
  banners.replaceChildren(...state.banners.map((b) => el('div', {class: 'banner', 'data-table': b.table},
    el('strong', {}, b.headline), b.explanation ? el('div', {class: 'why'}, b.explanation) : '')));
  for (const table of state.tables) {
    for (const r of table.resources) {
      const box = document.querySelector(`.resource[data-resource="${CSS.escape(resourceId(table, r))}"]`);
      drawFacts(box.querySelector('.facts'), state, r);
      drawCapacity(box.querySelector('.capacity .chart'), state, r, labels);
      drawThrottles(box.querySelector('.throttles .chart'), r, labels);
      drawHeatmap(box.querySelector('.heatmap .chart'), r, labels);
      drawTopKeys(box.querySelector('.topkeys .keys'), r);
    }
  }
  document.getElementById('status').textContent = 'live · ' + new Date(state.now).toISOString().substring(11, 19) + ' UTC';
  document.getElementById('lag').textContent = 'GSI propagation lag: ' + fmt(state.gsiLagMillis) + ' ms';
  const others = (state.regions || []).filter((r) => r !== state.region);
  document.getElementById('region').replaceChildren('region ' + state.region,
    ...others.flatMap((r) => [' · ', el('a', {href: '?region=' + encodeURIComponent(r)}, r)]));
  document.body.dataset.updated = String(state.now);
}

async function poll() {
  try {
    const response = await fetch(STATE_URL, {cache: 'no-store'});
    if (!response.ok) throw new Error('HTTP ' + response.status);
    render(await response.json());
  } catch (e) {
    document.getElementById('status').textContent = 'disconnected (' + e.message + '), retrying…';
  } finally {
    setTimeout(poll, POLL_MILLIS);
  }
}

window.addEventListener('resize', () => document.querySelectorAll('.chart').forEach((c) => echarts.getInstanceByDom(c)?.resize()));
poll();
