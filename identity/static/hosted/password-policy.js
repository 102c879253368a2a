// The password rules as a checklist that follows the typing (docs/hosted-pages.md). The page
// works without this file: the rules are listed, and the server marks the broken ones.
"use strict";
(function () {
  var list = document.querySelector("ul[data-policy]");
  var input = document.getElementById("f-password");
  if (!list || !input) {
    return;
  }
  var min = parseInt(list.getAttribute("data-min"), 10) || 8;
  var max = parseInt(list.getAttribute("data-max"), 10) || 1024;
  var checks = {
    // Counted in code points, as the server counts characters.
    length: function (value) { var n = Array.from(value).length; return n >= min && n <= max; },
    uppercase: function (value) { return /\p{Lu}|\p{Lt}/u.test(value); },
    number: function (value) { return /\p{N}/u.test(value); },
    symbol: function (value) { return /[^\p{L}\p{N}\p{Z}]/u.test(value); }
  };
  function update() {
    var value = input.value;
    list.querySelectorAll("li[data-rule]").forEach(function (item) {
      var check = checks[item.getAttribute("data-rule")];
      var state = item.querySelector(".state");
      if (!check || value === "") {
        item.classList.remove("met", "unmet");
        if (state) { state.textContent = ""; }
        return;
      }
      var met = check(value);
      item.classList.toggle("met", met);
      item.classList.toggle("unmet", !met);
      if (state) { state.textContent = list.getAttribute(met ? "data-met" : "data-unmet"); }
    });
  }
  input.addEventListener("input", update);
  update();
})();
