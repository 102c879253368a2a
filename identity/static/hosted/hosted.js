// The hosted pages work without this file; it only keeps a form from being sent twice.
"use strict";
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (form.dataset.sent === "1") {
    event.preventDefault();
    return;
  }
  form.dataset.sent = "1";
  window.setTimeout(function () { form.dataset.sent = ""; }, 4000);
});
