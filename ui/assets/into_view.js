/* global run */
// One placement (place.js), 250 ms after it is drawn. jk: {token: new for each request,
// target: the selector to place, cut: the selector whose elements must be on screen}.
setTimeout(function(){run(jk.target,jk.cut,2);},250);
