// The backup codes page: a button that copies the codes to the clipboard. The codes are shown
// and downloadable (a form posting for a .txt file) without this file.
"use strict";
(function () {
  var button = document.getElementById("copy-codes");
  var list = document.getElementById("backup-codes");
  var status = document.getElementById("copy-status");
  if (!button || !list || !navigator.clipboard) { return; }
  button.hidden = false;
  button.addEventListener("click", function () {
    var codes = Array.prototype.map.call(list.querySelectorAll("code"), function (c) { return c.textContent; });
    navigator.clipboard.writeText(codes.join("\n") + "\n").then(function () {
      status.textContent = button.dataset.copied;
    }, function () {
      status.textContent = button.dataset.failed;
    });
  });
})();
