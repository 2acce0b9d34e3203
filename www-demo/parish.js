// parish.html's language menu: it sets `lang` on the widgets' holder, and
// the widgets (which follow the nearest `lang`) speak that language at once.
const menu = document.getElementById("language");
const widgets = document.getElementById("widgets");
menu.value = widgets.lang;
menu.addEventListener("change", () => {
  widgets.lang = menu.value;
});
