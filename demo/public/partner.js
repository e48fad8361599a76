// The demo partner's own script: the MoverAtlas command stub (calls before the loader arrives are queued),
// an event log fed by DOM events, callbacks and the dataLayer, and buttons that drive the widget.
window.MoverAtlas =
  window.MoverAtlas ||
  function () {
    (window.MoverAtlas.q = window.MoverAtlas.q || []).push(arguments);
  };
window.dataLayer = window.dataLayer || [];
window.partnerEvents = [];

function logEvent(source, name, detail) {
  window.partnerEvents.push({ source: source, name: name, detail: detail });
  var log = document.getElementById('event-log');
  if (!log) return;
  var item = document.createElement('li');
  item.textContent = source + ' ' + name + ' ' + JSON.stringify(detail);
  log.append(item);
}

['ready', 'stepchange', 'submit', 'error'].forEach(function (name) {
  document.addEventListener('moveratlas:' + name, function (event) {
    logEvent('dom', name, event.detail);
  });
});

document.addEventListener('DOMContentLoaded', function () {
  var jsSlot = document.getElementById('quote-js');
  if (jsSlot) {
    // Mounted by a JS call with options and callbacks, queued before the loader has arrived.
    window.MoverAtlas('mount', jsSlot, {
      instanceId: 'js-widget',
      theme: { brandColor: '#047857', radius: '4px' },
      onReady: function (detail) {
        logEvent('callback', 'ready', detail);
      },
      onStepChange: function (detail) {
        logEvent('callback', 'stepchange', detail);
      },
      onSubmit: function (detail) {
        logEvent('callback', 'submit', detail);
      },
    });
  }
  var prefill = document.getElementById('prefill-main');
  if (prefill)
    prefill.addEventListener('click', function () {
      // Three months from today: the quote form takes today to 18 months ahead.
      var day = new Date();
      day.setDate(day.getDate() + 90);
      var pad = function (n) {
        return String(n).padStart(2, '0');
      };
      window.MoverAtlas('prefill', '#quote-main', {
        size: '4br',
        date: day.getFullYear() + '-' + pad(day.getMonth() + 1) + '-' + pad(day.getDate()),
        fromZip: '60601',
        toZip: '80202',
      });
    });
  var add = document.getElementById('add-widget');
  if (add)
    add.addEventListener('click', function () {
      var slot = document.createElement('div');
      slot.className = 'quote-slot added-slot';
      slot.setAttribute('data-moveratlas-quote', '');
      slot.setAttribute(
        'data-instance-id',
        'added-' + document.querySelectorAll('.added-slot').length,
      );
      document.getElementById('added')?.append(slot);
    });
  var remove = document.getElementById('remove-widget');
  if (remove)
    remove.addEventListener('click', function () {
      document.querySelector('.added-slot')?.remove();
    });
});
