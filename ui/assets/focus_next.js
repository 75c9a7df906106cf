// Focus the next clause still hidden, without scrolling (ui/reading.py): Enter, Enter, Enter
// walks through the text. jk: {selector: that clause's button}.
setTimeout(function(){var b=document.querySelector(jk.selector);if(b){b.focus({preventScroll:true});}},150);
