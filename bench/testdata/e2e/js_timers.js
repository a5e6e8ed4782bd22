// @N@ timers set at once, each adding to a count when it fires: the same work as
// js_timers.adesh.
let count = 0;
for (let i = 0; i < @N@; i++) {
  setTimeout(() => { count += 1; }, i % 10);
}
setTimeout(() => console.log(count), 20);
